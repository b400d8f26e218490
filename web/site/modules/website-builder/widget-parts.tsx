import { Group, SimpleGrid, Stack } from "@mantine/core";
import { useSite } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import { hasRelated } from "./has-related.js";

/**
 * What a website-builder widget holds besides its texts, each by its own variant: sliders,
 * features (a responsive grid), buttons arrays, logotypes and files.
 */
export function WidgetParts({ widgetId, align = "flex-start" }: { widgetId: string; align?: "center" | "flex-start" }) {
  const site = useSite();
  const has = (relation: string) => hasRelated(site, relation, widgetId);
  return (
    <Stack gap={40} align="stretch">
      {has("website-builder/widgets-to-sliders") ? <RelatedViews relationModel="website-builder/widgets-to-sliders" parentId={widgetId} /> : null}
      {has("website-builder/widgets-to-buttons-arrays") ? (
        <Group justify={align} gap="md">
          <RelatedViews relationModel="website-builder/widgets-to-buttons-arrays" parentId={widgetId} />
        </Group>
      ) : null}
      {has("website-builder/widgets-to-features") ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl">
          <RelatedViews relationModel="website-builder/widgets-to-features" parentId={widgetId} />
        </SimpleGrid>
      ) : null}
      {has("website-builder/widgets-to-logotypes") ? (
        <Group justify={align} gap="xl">
          <RelatedViews relationModel="website-builder/widgets-to-logotypes" parentId={widgetId} />
        </Group>
      ) : null}
      {has("website-builder/widgets-to-file-storage-module-files") ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <RelatedViews relationModel="website-builder/widgets-to-file-storage-module-files" parentId={widgetId} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

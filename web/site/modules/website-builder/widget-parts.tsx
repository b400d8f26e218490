import { Group, SimpleGrid, Stack } from "../../render/primitives.js";
import { useSite } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import { hasRelated } from "./has-related.js";

const PARTS = [
  "website-builder/widgets-to-sliders",
  "website-builder/widgets-to-buttons-arrays",
  "website-builder/widgets-to-features",
  "website-builder/widgets-to-logotypes",
  "website-builder/widgets-to-file-storage-module-files",
];

/** Feature columns on large screens: four fit in one row; otherwise up to three. */
const featureColumns = (count: number) => ({
  base: 1,
  sm: Math.min(2, count),
  lg: count === 4 ? 4 : Math.min(3, count),
});

/**
 * What a website-builder widget holds besides its texts, each by its own variant: sliders,
 * features (a responsive grid), buttons arrays, logotypes and files.
 */
export function WidgetParts({ widgetId, align = "flex-start" }: { widgetId: string; align?: "center" | "flex-start" }) {
  const site = useSite();
  const has = (relation: string) => hasRelated(site, relation, widgetId);
  const features = site.related("website-builder/widgets-to-features", widgetId).length;
  if (!PARTS.some(has)) return null;
  return (
    <Stack gap={40} align="stretch">
      {has("website-builder/widgets-to-sliders") ? (
        <RelatedViews relationModel="website-builder/widgets-to-sliders" parentId={widgetId} />
      ) : null}
      {has("website-builder/widgets-to-buttons-arrays") ? (
        <Group justify={align} gap="md">
          <RelatedViews relationModel="website-builder/widgets-to-buttons-arrays" parentId={widgetId} />
        </Group>
      ) : null}
      {has("website-builder/widgets-to-features") ? (
        <SimpleGrid cols={featureColumns(features)} spacing="xl">
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

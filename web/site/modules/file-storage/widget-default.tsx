import { SimpleGrid, Stack, Text, Title } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import { useSite } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";
import { Section } from "../../render/section.js";

/** A file-storage widget: its title and its files (widgets-to-files) in a gallery grid. */
export function FileStorageWidgetDefault({ record }: VariantProps) {
  const { language } = useSite();
  const title = text(record.title, language);
  const subtitle = text(record.subtitle, language);
  return (
    <Section record={record}>
      <Stack gap="lg">
        {title ? <Title order={2}>{title}</Title> : null}
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <RelatedViews relationModel="file-storage/widgets-to-files" parentId={record.id} />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

import { Card, Stack, Text, Title } from "../../render/primitives.js";
import { useEditMarks } from "../../render/edit-marks.js";
import { FileView } from "../../../ui/file-view.js";
import { text } from "../../../../common/i18n/text.js";
import { classNameOf } from "../../render/class-name.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { firstFile } from "./first-file.js";

/** A feature card: its picture, title, subtitle and description. */
export function FeatureDefault({ record }: VariantProps) {
  const site = useSite();
  const mark = useEditMarks().text;
  const file = firstFile(site, "website-builder/features-to-file-storage-module-files", record.id);
  const title = text(record.title, site.language);
  const subtitle = text(record.subtitle, site.language);
  const description = text(record.description, site.language);
  return (
    <Card withBorder radius="lg" padding="xl" className={classNameOf(record)} data-feature="" h="100%">
      <Stack gap="sm">
        {file ? (
          <FileView
            file={file}
            language={site.language}
            sizes="56px"
            style={{ width: 56, height: 56, borderRadius: 12 }}
            fit="contain"
          />
        ) : null}
        {title ? (
          <Title order={3} fz="xl" {...mark(record, "title")}>
            {title}
          </Title>
        ) : null}
        {subtitle ? (
          <Text fw={500} c="indigo.7" {...mark(record, "subtitle")}>
            {subtitle}
          </Text>
        ) : null}
        {description ? (
          <Text c="dimmed" style={{ whiteSpace: "pre-line" }} {...mark(record, "description")}>
            {description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

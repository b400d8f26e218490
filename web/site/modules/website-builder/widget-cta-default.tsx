import { Paper, Stack, Text, Title } from "../../render/primitives.js";
import { useEditMarks } from "../../render/edit-marks.js";
import { text } from "../../../../common/i18n/text.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { Section } from "../../render/section.js";
import { WidgetParts } from "./widget-parts.js";

/**
 * The call to action: a tinted band, centred, with a short headline, one line of text (the
 * subtitle) or a paragraph (the description) and the block's buttons — what a visitor should do
 * next, at the end of a landing page or between its sections.
 */
export function WidgetCtaDefault({ record }: VariantProps) {
  const { language } = useSite();
  const mark = useEditMarks().text;
  const title = text(record.title, language);
  const subtitle = text(record.subtitle, language);
  const description = text(record.description, language);
  return (
    <Section record={record}>
      <Paper radius="lg" px={32} py={{ base: 40, sm: 56 }} bg="indigo.0" data-call-to-action="">
        <Stack gap="lg" align="center" ta="center" maw={720} mx="auto">
          {title ? (
            <Title order={2} fz={{ base: 28, sm: 36 }} lh={1.15} {...mark(record, "title")}>
              {title}
            </Title>
          ) : null}
          {subtitle ? (
            <Text fz="lg" fw={500} {...mark(record, "subtitle")}>
              {subtitle}
            </Text>
          ) : null}
          {description ? (
            <Text c="dimmed" style={{ whiteSpace: "pre-line" }} {...mark(record, "description")}>
              {description}
            </Text>
          ) : null}
          <WidgetParts widgetId={record.id} align="center" />
        </Stack>
      </Paper>
    </Section>
  );
}

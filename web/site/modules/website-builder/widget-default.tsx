import { Stack, Text, Title } from "../../render/primitives.js";
import { useEditMarks } from "../../render/edit-marks.js";
import { text } from "../../../../common/i18n/text.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { Section } from "../../render/section.js";
import { WidgetParts } from "./widget-parts.js";

/** A plain page section: heading, subtitle, description, then the widget's sliders, buttons, features… */
export function WidgetDefault({ record }: VariantProps) {
  const { language } = useSite();
  const mark = useEditMarks().text;
  const title = text(record.title, language);
  const subtitle = text(record.subtitle, language);
  const description = text(record.description, language);
  return (
    <Section record={record}>
      <Stack gap="xl">
        {title || subtitle || description ? (
          <Stack gap="xs" maw={760}>
            {title ? (
              <Title order={2} fz={{ base: 28, sm: 36 }} {...mark(record, "title")}>
                {title}
              </Title>
            ) : null}
            {subtitle ? (
              <Text fz="lg" c="dimmed" {...mark(record, "subtitle")}>
                {subtitle}
              </Text>
            ) : null}
            {description ? (
              <Text style={{ whiteSpace: "pre-line" }} {...mark(record, "description")}>
                {description}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <WidgetParts widgetId={record.id} />
      </Stack>
    </Section>
  );
}

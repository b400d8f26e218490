import { Badge } from "@mantine/core";
import { useEditMarks } from "../../render/edit-marks.js";
import { Stack, Text, Title } from "../../render/primitives.js";
import { text } from "../../../../common/i18n/text.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { Section } from "../../render/section.js";
import { WidgetParts } from "./widget-parts.js";

/** The hero: large centred headline, an eyebrow subtitle, a lead paragraph, then the widget's parts. */
export function WidgetContentDefault({ record }: VariantProps) {
  const { language } = useSite();
  const marks = useEditMarks();
  const mark = marks.text;
  const title = text(record.title, language);
  const subtitle = text(record.subtitle, language);
  const description = text(record.description, language);
  return (
    <Section
      record={record}
      py={96}
      bg="linear-gradient(180deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-body) 100%)"
    >
      <Stack gap={48}>
        <Stack gap="lg" align="center" ta="center" maw={860} mx="auto">
          {subtitle ? (
            <Badge size="lg" variant="light" radius="xl">
              {marks.inner(record, "subtitle", subtitle)}
            </Badge>
          ) : null}
          {title ? (
            <Title
              order={1}
              fz={{ base: 38, sm: 52, lg: 64 }}
              lh={1.05}
              style={{ letterSpacing: "-0.02em" }}
              {...mark(record, "title")}
            >
              {title}
            </Title>
          ) : null}
          {description ? (
            <Text
              fz={{ base: "lg", sm: "xl" }}
              c="dimmed"
              maw={680}
              style={{ whiteSpace: "pre-line" }}
              {...mark(record, "description")}
            >
              {description}
            </Text>
          ) : null}
        </Stack>
        <WidgetParts widgetId={record.id} align="center" />
      </Stack>
    </Section>
  );
}

import { Stack, Text, Title } from "./primitives.js";
import { useEditMarks } from "./edit-marks.js";
import type { Row } from "../../../common/site/page-data.js";
import { text } from "../../../common/i18n/text.js";
import { useSite } from "./use-site.js";

/** A widget's title, subtitle and description above its content; nothing when all are empty. */
export function WidgetHeading({ record, align = "left" }: { record: Row; align?: "left" | "center" }) {
  const { language } = useSite();
  const mark = useEditMarks().text;
  const title = text(record.title, language);
  const subtitle = text(record.subtitle, language);
  const description = text(record.description, language);
  if (!title && !subtitle && !description) return null;
  return (
    // Its width (760px) and the title's size (28px, 36px from sm) are site.css's.
    <Stack gap="xs" className="s-widget-heading" ta={align} mx={align === "center" ? "auto" : undefined} mb="xl">
      {title ? (
        <Title order={2} className="s-widget-title" {...mark(record, "title")}>
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
  );
}

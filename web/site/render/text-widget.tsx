import { Section } from "./section.js";
import { WidgetHeading } from "./widget-heading.js";
import type { VariantProps } from "../variant-types.js";

/**
 * The `default` variant of a module widget that has no content of its own yet (startup, analytic,
 * agent, billing, notification, social): its title, subtitle and description in the page's language, in a
 * section carrying its className.
 */
export function TextWidgetDefault({ record }: VariantProps) {
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
    </Section>
  );
}

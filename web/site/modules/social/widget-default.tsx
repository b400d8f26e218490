import { Section } from "../../render/section.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** A social section with only its texts (profiles come in through the other variants). */
export function SocialWidgetDefault({ record }: VariantProps) {
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
    </Section>
  );
}

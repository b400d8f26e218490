import { Group } from "../../render/primitives.js";
import { linkedOrListed } from "../../render/placed-records.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { VariantView } from "../../render/variant-view.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** A row of category pills (each category by its 'button-default' variant), e.g. above a list. */
export function CategoryListButtonDefault({ record }: VariantProps) {
  const site = useSite();
  const categories = linkedOrListed(site, "blog/widgets-to-categories", record.id, "blog/categories");
  return (
    <Section record={record} py={32}>
      <WidgetHeading record={record} />
      <Group gap="sm">
        {categories.map(({ key, record: category, relation }) => (
          <VariantView
            key={key}
            model="blog/categories"
            record={{ ...category, variant: "button-default" }}
            relation={relation}
          />
        ))}
      </Group>
    </Section>
  );
}

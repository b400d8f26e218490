import { CardsGrid } from "../../render/cards-grid.js";
import { EmptyNote } from "../../render/empty-note.js";
import { PlacedList } from "../../render/placed-list.js";
import { linkedOrListed } from "../../render/placed-records.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** Category cards with 'More': the widget's own categories, or all of them. */
export function CategoryListDefault({ record }: VariantProps) {
  const site = useSite();
  const categories = linkedOrListed(site, "blog/widgets-to-categories", record.id, "blog/categories");
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      {categories.length ? (
        <CardsGrid>
          <PlacedList model="blog/categories" items={categories} />
        </CardsGrid>
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}

import { CardsGrid } from "../../../render/cards-grid.js";
import { EmptyNote } from "../../../render/empty-note.js";
import { PlacedList } from "../../../render/placed-list.js";
import { linkedOrListed } from "../../../render/placed-records.js";
import { Section } from "../../../render/section.js";
import { useSite } from "../../../render/use-site.js";
import { WidgetHeading } from "../../../render/widget-heading.js";
import type { Variant, VariantProps } from "../../../variant-types.js";

/** An ecommerce list widget: the records linked through `relation`, else the loaded `model` list, as cards. */
export function listWidget(relation: string, model: string, name: string): Variant {
  function ListWidget({ record }: VariantProps) {
    const site = useSite();
    const items = linkedOrListed(site, relation, record.id, model);
    return (
      <Section record={record}>
        <WidgetHeading record={record} />
        {items.length ? (
          <CardsGrid>
            <PlacedList model={model} items={items} />
          </CardsGrid>
        ) : (
          <EmptyNote />
        )}
      </Section>
    );
  }
  ListWidget.displayName = name;
  return ListWidget;
}

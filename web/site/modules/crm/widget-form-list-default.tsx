import { CardsGrid } from "../../render/cards-grid.js";
import { Card } from "../../render/primitives.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { VariantView } from "../../render/variant-view.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** Several forms side by side (two columns on large screens), each in its own card. */
export function FormListDefault({ record }: VariantProps) {
  const site = useSite();
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      <CardsGrid>
        {site.related("crm/widgets-to-forms", record.id).map(({ relation, record: form }) => (
          <Card key={relation.id} withBorder radius="lg" padding="xl" h="100%">
            <VariantView model="crm/forms" record={form} relation={relation} />
          </Card>
        ))}
      </CardsGrid>
    </Section>
  );
}

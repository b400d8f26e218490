import { Stack, Title } from "../../../render/primitives.js";
import { CardsGrid } from "../../../render/cards-grid.js";
import { Section } from "../../../render/section.js";
import { useSite, useUiText } from "../../../render/use-site.js";
import { RelatedViews } from "../../../render/variant-view.js";
import { WidgetHeading } from "../../../render/widget-heading.js";
import type { VariantProps } from "../../../variant-types.js";

const GROUPS = [
  { relation: "ecommerce/widgets-to-products", label: "products" },
  { relation: "ecommerce/widgets-to-categories", label: "categories" },
  { relation: "ecommerce/widgets-to-stores", label: "stores" },
] as const;

/** A shop section: its heading, then whatever products, categories and stores are linked to it. */
export function EcommerceWidgetDefault({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const groups = GROUPS.filter(({ relation }) => site.related(relation, record.id).length > 0);
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      <Stack gap={48}>
        {groups.map(({ relation, label }) => (
          <Stack key={relation} gap="md">
            {groups.length > 1 ? <Title order={3}>{t(label)}</Title> : null}
            <CardsGrid>
              <RelatedViews relationModel={relation} parentId={record.id} />
            </CardsGrid>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

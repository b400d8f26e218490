import { Stack } from "../../render/primitives.js";
import { CardsGrid } from "../../render/cards-grid.js";
import { PlacedList } from "../../render/placed-list.js";
import { linkedOrListed } from "../../render/placed-records.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** A blog section: its heading, then the articles and categories linked to it, as cards. */
export function BlogWidgetDefault({ record }: VariantProps) {
  const site = useSite();
  const articles = linkedOrListed(site, "blog/widgets-to-articles", record.id, "blog/articles");
  const categories = linkedOrListed(site, "blog/widgets-to-categories", record.id, "blog/categories");
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      <Stack gap={48}>
        {articles.length ? (
          <CardsGrid>
            <PlacedList model="blog/articles" items={articles} />
          </CardsGrid>
        ) : null}
        {categories.length ? (
          <CardsGrid wide>
            <PlacedList model="blog/categories" items={categories} />
          </CardsGrid>
        ) : null}
      </Stack>
    </Section>
  );
}

import { CardsGrid } from "../../render/cards-grid.js";
import { EmptyNote } from "../../render/empty-note.js";
import { PlacedList } from "../../render/placed-list.js";
import { linkedOrListed } from "../../render/placed-records.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import { WidgetHeading } from "../../render/widget-heading.js";
import type { VariantProps } from "../../variant-types.js";

/** Article cards in two columns: the widget's own articles, or the newest ones. */
export function ArticleListDefault({ record }: VariantProps) {
  const site = useSite();
  const articles = linkedOrListed(site, "blog/widgets-to-articles", record.id, "blog/articles");
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      {articles.length ? (
        <CardsGrid>
          <PlacedList model="blog/articles" items={articles} />
        </CardsGrid>
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}

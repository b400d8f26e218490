import { Stack, Title } from "../../render/primitives.js";
import { CardsGrid } from "../../render/cards-grid.js";
import { currentRecord } from "../../render/current-record.js";
import { NotFoundNote } from "../../render/not-found-note.js";
import { Section } from "../../render/section.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";
import { ArticleView } from "./article-view.js";

/** The article, then the products it features (articles-to-ecommerce-module-products) as cards. */
export function ArticleOverviewProductListCardDefault({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const article = currentRecord(site, "blog.articles.slug", "blog/widgets-to-articles", record.id);
  if (!article)
    return (
      <Section record={record}>
        <NotFoundNote />
      </Section>
    );
  const hasProducts = site.related("blog/articles-to-ecommerce-module-products", article.id).length > 0;
  return (
    <Section record={record}>
      <ArticleView article={article}>
        {hasProducts ? (
          <Stack gap="md" mt="xl" data-article-products="">
            <Title order={2} fz="xl">
              {t("products")}
            </Title>
            <CardsGrid>
              <RelatedViews relationModel="blog/articles-to-ecommerce-module-products" parentId={article.id} />
            </CardsGrid>
          </Stack>
        ) : null}
      </ArticleView>
    </Section>
  );
}

import { currentRecord } from "../../render/current-record.js";
import { NotFoundNote } from "../../render/not-found-note.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { ArticleView } from "./article-view.js";
import { PrivateContent } from "./private-content.js";

/** The article, then its private widgets for visitors allowed to see them. */
export function ArticleOverviewWithPrivateContentDefault({ record }: VariantProps) {
  const site = useSite();
  const article = currentRecord(site, "blog.articles.slug", "blog/widgets-to-articles", record.id);
  return (
    <Section record={record}>
      {article ? (
        <ArticleView article={article}>
          <PrivateContent articleId={article.id} />
        </ArticleView>
      ) : (
        <NotFoundNote />
      )}
    </Section>
  );
}

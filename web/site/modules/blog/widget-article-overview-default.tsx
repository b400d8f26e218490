import { currentRecord } from "../../render/current-record.js";
import { NotFoundNote } from "../../render/not-found-note.js";
import { Section } from "../../render/section.js";
import { useSite } from "../../render/use-site.js";
import type { VariantProps } from "../../variant-types.js";
import { ArticleView } from "./article-view.js";

/** The article the URL names (blog.articles.slug): headline, cover and rich text. */
export function ArticleOverviewDefault({ record }: VariantProps) {
  const site = useSite();
  const article = currentRecord(site, "blog.articles.slug", "blog/widgets-to-articles", record.id);
  return <Section record={record}>{article ? <ArticleView article={article} /> : <NotFoundNote />}</Section>;
}

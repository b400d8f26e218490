import { text } from "../i18n/text.js";
import type { Row } from "./page-data.js";
import type { PageMetadata } from "./page-metadata.js";

const inLanguage = (value: unknown, language: string): string | undefined => text(value, language).trim() || undefined;

/**
 * A template page's head for the record its URL names (`/ecommerce/products/[ecommerce.products.slug]`,
 * `/blog/articles/[blog.articles.slug]`): one page shows every product or article, so its own title
 * ("Product · …") would be every item's, and in one language. The item's title, and its short
 * description or subtitle, in the visitor's language, become the <title>, the description and the
 * og: and twitter: title and description; the rest (site name, type, locale, keywords) stays the
 * page's. An item without a title in any language leaves the page's.
 */
export function itemMetadata(page: PageMetadata, item: Row, language: string): PageMetadata {
  const title = inLanguage(item.title, language);
  if (!title) return page;
  const description =
    inLanguage(item.shortDescription, language) ?? inLanguage(item.subtitle, language) ?? page.description;
  const described: Record<string, string> = description ? { description } : {};
  return {
    ...page,
    title,
    description,
    openGraph: { ...page.openGraph, title, ...described },
    twitter: { ...page.twitter, title, ...described },
  };
}

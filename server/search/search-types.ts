/**
 * What a visitor's search may find (docs/search.md): each type is a model with weighted
 * `x-search` fields, named on the wire as `{module}.{entity}`, and how a found record's public
 * address is made from it. The addresses are the demo site's template pages
 * (server/seed/content/: `/blog/articles/[blog.articles.slug]`, …); a page has its own url.
 */
export interface SearchType {
  /** The wire name: "blog.articles". */
  type: string;
  /** The model: "blog/articles". */
  model: string;
  /** The record's address in the default language from its key (a slug, or a page's url). */
  address(key: string): string;
}

const bySlug = (prefix: string) => (slug: string) => `${prefix}/${encodeURIComponent(slug)}`;

export const PAGES = "host.pages";

export const SEARCH_TYPES: readonly SearchType[] = [
  { type: "blog.articles", model: "blog/articles", address: bySlug("/blog/articles") },
  { type: "blog.categories", model: "blog/categories", address: bySlug("/blog/categories") },
  { type: "ecommerce.products", model: "ecommerce/products", address: bySlug("/ecommerce/products") },
  { type: "ecommerce.categories", model: "ecommerce/categories", address: bySlug("/ecommerce/categories") },
  { type: PAGES, model: "host/pages", address: (url) => url },
];

/** What a search without `types` looks in: what visitors look for (categories only when asked). */
export const DEFAULT_TYPES = ["blog.articles", "ecommerce.products", PAGES] as const;

export const searchTypeOf = (type: string): SearchType | undefined => SEARCH_TYPES.find((t) => t.type === type);

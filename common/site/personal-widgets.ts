/**
 * Module widgets that make a page personal: what they show depends on who is visiting (a sign-in
 * or account form, a member's page, the cart, members-only content, a payment), so the page is
 * nobody's to find through a search engine: it is left out of sitemap.xml
 * (server/site/seo/personal-pages.ts) and its head says noindex (web/site/render/personal-page.ts).
 * Every rbac widget is such; of the other modules, these variants. Plain data, in common/ because
 * the server's sitemap and the site's head both read it.
 */
const PERSONAL_MODULES: ReadonlySet<string> = new Set(["rbac"]);
const PERSONAL_VARIANTS: Readonly<Record<string, ReadonlySet<string>>> = {
  blog: new Set(["article-overview-with-private-content-default"]),
  ecommerce: new Set(["order-list-default"]),
  billing: new Set(["dummy-payment-default"]),
  // The search results: a page per visitor's query, nothing for a search engine to list.
  "website-builder": new Set(["search-results-default"]),
};

/** Whether a `{module}/widgets` row of this variant makes its page personal. */
export const isPersonalWidget = (module: string, variant: unknown) =>
  PERSONAL_MODULES.has(module) || !!PERSONAL_VARIANTS[module]?.has(String(variant));

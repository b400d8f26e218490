import type { SeedWriter } from "../seed-writer.js";

/**
 * '/search': the results of the header's search box (docs/site.md, "Search"), rendered per query
 * from `?q=`; never cached, never in the sitemap, noindex (common/site/personal-widgets.ts).
 */
export async function seedSearch(w: SeedWriter) {
  const results = await w.widget("website-builder", "search-results-default", "search-results");
  await w.page({
    url: "/search",
    title: { en: "Search · Northwind Studio", ru: "Поиск · Студия «Норд»" },
    description: {
      en: "Search the studio's articles, products and pages.",
      ru: "Поиск по статьям, товарам и страницам студии.",
    },
    keywords: "search",
    widgets: [results],
  });
}

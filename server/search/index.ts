import { defineModule } from "../modules/module.js";
import { registerSearchRoute } from "./search-route.js";

export { SiteSearch, type SearchAnswer, type SearchHit } from "./site-search.js";

/** The visitors' search over published articles, products and pages (GET /api/search, docs/search.md). */
export const search = defineModule("search", ["rbac"], async (app, config) => {
  await app.register(async (routes) => registerSearchRoute(routes, config));
});

import type { Module } from "../module.js";
import { registerPagesRoutes } from "./pages-routes.js";

/** SPEC.md's pages routes (find-by-url, urls, url-segment-value) over the site's two page resolvers. */
export const host: Module = {
  name: "host",
  dependsOn: ["rbac", "site"],
  register: (app) => {
    registerPagesRoutes(app, app.site.hostPages);
    registerPagesRoutes(app, app.site.websiteBuilderPages);
  },
};

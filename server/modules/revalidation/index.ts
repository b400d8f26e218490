import type { Module } from "../module.js";
import { registerRevalidateRoute } from "./revalidate-route.js";

/** Dropping the site's cached renders on request (GET /api/revalidation/revalidate and /api/revalidate). */
export const revalidation: Module = {
  name: "revalidation",
  dependsOn: ["rbac", "site"],
  register: (app) => registerRevalidateRoute(app, app.site.pages.cache),
};

import { defineModule } from "../modules/module.js";
import { registerSiteModule } from "./site-module.js";

/**
 * The public site (`app.site`): pages by url, the page loader, the server render and its HTML
 * cache, and the demo content of an empty database. rbac's authorizer decides what a page shows.
 */
export const site = defineModule("site", ["rbac"], (app, config) => registerSiteModule(app, config));

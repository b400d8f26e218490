import { defineModule } from "../../modules/module.js";
import { registerPagesRoutes } from "./pages-routes.js";
import { registerPreviewRoute } from "../preview/preview-route.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { registerBlocksRoutes } from "./blocks/blocks-routes.js";
import { registerCatalogueRoute } from "./blocks/catalogue-route.js";
import { registerPageCopyRoute } from "./page-copies/page-copy-route.js";

/**
 * The pages routes (find-by-url, urls, url-segment-value; docs/site.md) over the site's two page
 * resolvers. Pages by url belong with the site that serves them; the module list
 * (server/modules/index.ts) registers this like the site itself, after it.
 */
export const host = defineModule("host", ["rbac", "site"], async (app) => {
  // Routes only: all in the module's own context, nothing of it reaches the rest of the app.
  await app.register(async (routes) => {
    registerPagesRoutes(routes, app.site.hostPages);
    registerPagesRoutes(routes, app.site.websiteBuilderPages);
    await registerPreviewRoute(routes, app.site.previews);
    // The blocks routes read bodies: their own scope with the body parsers, as the preview route.
    await routes.register(async (blocks) => {
      await registerBodyParsers(blocks);
      registerBlocksRoutes(blocks);
      registerPageCopyRoute(blocks);
    });
    registerCatalogueRoute(routes);
  });
});

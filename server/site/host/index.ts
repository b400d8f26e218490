import { defineModule } from "../../modules/module.js";
import { registerPagesRoutes } from "./pages-routes.js";
import { registerPreviewRoute } from "../preview/preview-route.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { registerBlocksRoutes } from "./blocks/blocks-routes.js";
import { registerCatalogueRoute } from "./blocks/catalogue-route.js";
import { registerPageCopyRoute } from "./page-copies/page-copy-route.js";
import { reusableOfPage } from "./blocks/reusable-hold.js";

/** The models whose `url` may link to a page, rewritten when its address changes. */
const PAGE_LINK_MODELS = ["website-builder/buttons", "website-builder/slides"];

/**
 * The pages routes (find-by-url, urls, url-segment-value; docs/site.md) over the site's two page
 * resolvers. Pages by url belong with the site that serves them; the module list
 * (server/modules/index.ts) registers this like the site itself, after it.
 */
export const host = defineModule("host", ["rbac", "site"], async (app) => {
  // A link to a page follows the page's address once it is published (a trigger on the published
  // pages: migrations/0047_links_follow_page_urls.sql): the links' models are announced with the
  // page's, so rendered pages holding them are drawn again. With DRAFTS=off a save publishes at once.
  for (const links of PAGE_LINK_MODELS) {
    app.drafts.alsoChangesOnPublish("host/pages", [links]);
    if (!app.drafts.drafts) app.repositories.get("host/pages")!.alsoChanges("url", links);
  }
  // A page's publish leaves its reusable blocks' changes as they are unless asked (docs/drafts.md).
  app.drafts.holdBack("host/pages", reusableOfPage(app.registry));
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

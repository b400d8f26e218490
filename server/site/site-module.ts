import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { PageResolver } from "./host/page-resolver.js";
import type { NamedSegment } from "./host/url-templates.js";
import { seedDemoContentIfEmpty } from "../seed/seed-demo.js";
import { entryAssets, type EntryAssets } from "../delivery/web-dist.js";
import { HtmlCache } from "./html-cache.js";
import { PageLoader } from "./load-page.js";
import { ModelAccess, PERMISSION_MODELS } from "./model-access.js";
import { RelationGraph } from "../../engine/query/relation-graph.js";
import { registerPaymentPageRoute } from "./payment-page-route.js";
import { registerRevalidateRoute } from "./revalidation/revalidate-route.js";
import { registerSiteRoutes } from "./site-routes.js";
import { registerSeoRoutes } from "./seo/seo-routes.js";
import { opengraphPageReader } from "./seo/opengraph-pages.js";
import { SitePages } from "./site-pages.js";
import { searchResultsPages } from "./search-page.js";
import { PagePreviews } from "./preview/page-previews.js";
import { PublishRehearsal } from "./preview/publish-rehearsal.js";
import { previewView } from "./preview/preview-view.js";
import { PreviewLinks } from "./preview/preview-links.js";
import { publishableBy } from "../drafts/publish-permission.js";
import { resolveSigningSecret } from "../lib/signing-secret.js";
import { shopPageFacts } from "../modules/ecommerce/index.js";
import type { PageFacts } from "./page-facts.js";

export interface SiteServices {
  /** Pages by url: host/pages (the site's) and website-builder/pages (the second set of pages routes). */
  hostPages: PageResolver;
  websiteBuilderPages: PageResolver;
  access: ModelAccess;
  loader: PageLoader;
  pages: SitePages;
  /** Signed previews of hosted pages from their working copies (preview/page-previews.ts). */
  previews: PagePreviews;
}

declare module "fastify" {
  interface FastifyInstance {
    site: SiteServices;
  }
}

const ANONYMOUS = Object.freeze({ kind: "anonymous" as const });

/** Subjects may be named by a url ("/rbac/subjects/[rbac.subjects.slug]") by slug or id only. */
const SUBJECT_KEYS = new Set(["slug", "id"]);

/**
 * The public site's server side: pages by url, the page loader, the server render with its HTML
 * cache, and the demo content of an empty database. Call after the rbac module (its authorizer
 * decides what a page may show). Revalidation (dropping cached renders on request) is the site's
 * own: it works on this HTML cache. The host module registers its /api routes over these services.
 */
export async function registerSiteModule(app: FastifyInstance, config: Config) {
  // Visitors see published copies only (docs/drafts.md): every read of the site goes through them.
  const { registry, changes } = app;
  const repositories = app.publishedRepositories;
  const access = new ModelAccess(registry, app.rbac.authorizer, changes);
  const mayLookUp = async (segment: NamedSegment) =>
    segment.model === "rbac/subjects"
      ? SUBJECT_KEYS.has(segment.field)
      : (await access.readableModels()).has(segment.model);
  // A page is the same for everyone: it never holds members-only content (see rbac's MembersOnly).
  const hiddenOf = async (model: string) => app.rbac.membersOnly.hiddenIds(ANONYMOUS, model, "published");
  const resolverOf = (model: string) =>
    new PageResolver(repositories.get(model)!, repositories, changes, mayLookUp, hiddenOf);
  const hostPages = resolverOf("host/pages");
  const websiteBuilderPages = resolverOf("website-builder/pages");
  // The shop's pages say whether prices include tax, and the cart whether codes exist (when the shop is registered).
  const facts: PageFacts[] = app.hasDecorator("shop") ? [shopPageFacts(config.pricesIncludeTax)] : [];
  const loader = new PageLoader(repositories, new RelationGraph(registry), access, hiddenOf, facts);

  // Every model a page could read is watched from the start, the same on every instance, so a
  // write anywhere is announced to all (a model first used later would otherwise be missed).
  const watched = [
    ...registry.exposed.filter((m) => m.module !== "rbac").map((m) => m.id),
    "rbac/widgets",
    "rbac/subjects",
    ...PERMISSION_MODELS,
  ];
  const cache = new HtmlCache(changes, watched);
  // Vite's manifest changes only with a new build, which means a restart.
  let assets: EntryAssets | undefined;
  const siteAssets = () => (assets ??= entryAssets(app.web.bundles.dir, app.web.bundles.siteEntry));
  const pages = new SitePages(
    hostPages,
    loader,
    cache,
    app.web.renderer,
    siteAssets,
    app.log,
    config.production,
    config.publicUrl,
    searchResultsPages(app),
  );
  // Previews: the page found among the working copies, then resolved, loaded and rendered from the
  // visitors' copies with its tree published in a transaction that is rolled back; never cached.
  const working = app.repositories;
  // Members-only in either copy is left out of a preview: its tree comes from the working copies, the rest from the published.
  const hiddenInPreview = async (model: string) => {
    const [a, b] = await Promise.all([
      app.rbac.membersOnly.hiddenIds(ANONYMOUS, model, "working"),
      app.rbac.membersOnly.hiddenIds(ANONYMOUS, model, "published"),
    ]);
    return b.size === 0 ? a : a.size === 0 ? b : new Set([...a, ...b]);
  };
  const previewSecret = await resolveSigningSecret(
    config.jwtSecret,
    config.production,
    working.get("rbac/signing-keys")!,
  );
  const previews = new PagePreviews(
    new PageResolver(working.get("host/pages")!, working, changes, mayLookUp, hiddenInPreview, "served"),
    new PublishRehearsal(app.database, repositories, app.drafts, registry.get("host/pages")),
    previewView({
      registry,
      graph: new RelationGraph(registry),
      access,
      mayLookUp: (segment, readable) =>
        segment.model === "rbac/subjects" ? SUBJECT_KEYS.has(segment.field) : readable.has(segment.model),
      hiddenOf: hiddenInPreview,
      facts,
    }),
    pages,
    new PreviewLinks(previewSecret),
    config.publicUrl,
    // A link's preview publishes what its author's publish would (the rule of every publish); the key's, everything.
    (author) => (author.kind === "secret-key" ? undefined : publishableBy(app, author)),
    async (page) => {
      const model = registry.get("host/pages");
      return model.published ? (await app.drafts.states(model, [page])).get(page.id) : undefined;
    },
  );
  app.decorate("site", { hostPages, websiteBuilderPages, access, loader, pages, previews });

  registerPaymentPageRoute(app, app.web.renderer, siteAssets);
  registerSeoRoutes(app, { origin: config.publicUrl, resolver: hostPages, repositories, changes, watched });
  // The Open Graph images (file-storage's) are drawn from the pages' texts, which the site reads.
  if (app.hasDecorator("opengraphPages")) app.opengraphPages.readWith(opengraphPageReader(repositories));
  registerRevalidateRoute(app, cache);
  registerSiteRoutes(app, pages, config.pageSharedMaxAgeSeconds, previews);

  // The first start on an empty database shows a working site rather than a 404.
  if (config.seedDemoContent) {
    const seeded = await seedDemoContentIfEmpty(app);
    if (seeded) app.log.info(`demo content written: ${seeded.pages} pages (SEED_DEMO_CONTENT=false turns this off)`);
  }
}

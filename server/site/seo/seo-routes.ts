import type { FastifyInstance } from "fastify";
import type { ChangeFeed } from "../../../engine/query/change-feed.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { PageResolver } from "../host/page-resolver.js";
import { faviconIco, FAVICON_SVG } from "./favicon.js";
import { publicAddresses, robotsTxt, sitemapXml } from "./sitemap.js";

/** Search engines fetch these often; a day in a browser, an hour in a CDN. */
const ICON_CACHE = "public, max-age=86400";
const CRAWLER_FILE_CACHE = "public, max-age=0, s-maxage=3600";

/**
 * /sitemap.xml, /robots.txt, /favicon.ico and /favicon.svg. The sitemap is built once and kept
 * until a watched model changes (a page, an article, a product…), like the page cache.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  options: {
    origin: string;
    resolver: PageResolver;
    repositories: Map<string, Repository>;
    changes: ChangeFeed;
    watched: string[];
  },
) {
  let sitemap: Promise<string> | undefined;
  options.changes.subscribe(() => (sitemap = undefined), options.watched);
  const buildSitemap = () => {
    const made = publicAddresses(options.resolver, options.repositories).then((paths) =>
      sitemapXml(options.origin, paths),
    );
    made.catch(() => (sitemap === made ? (sitemap = undefined) : undefined));
    return made;
  };

  app.get("/sitemap.xml", async (_request, reply) => {
    const xml = await (sitemap ??= buildSitemap());
    return reply.type("application/xml; charset=utf-8").header("cache-control", CRAWLER_FILE_CACHE).send(xml);
  });
  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", CRAWLER_FILE_CACHE).send(robotsTxt(options.origin)),
  );
  app.get("/favicon.svg", async (_request, reply) =>
    reply.type("image/svg+xml").header("cache-control", ICON_CACHE).send(FAVICON_SVG),
  );
  app.get("/favicon.ico", async (_request, reply) =>
    reply
      .type("image/x-icon")
      .header("cache-control", ICON_CACHE)
      .send(await faviconIco()),
  );
}

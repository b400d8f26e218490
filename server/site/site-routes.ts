import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { splitUrl } from "../modules/host/url-templates.js";
import { pathOfSegments } from "../security/same-site-path.js";
import { splitLanguage } from "./language-path.js";
import type { SitePages } from "./site-pages.js";

/** Prefixes that belong to the API, the bundles, the admin and uploaded files, never to hosted pages. */
const NOT_PAGES = /^\/(api|static|admin|public)(\/|$)/;
/** "/favicon.ico", "/robots.txt": a file name, not a page. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/**
 * The public site: every other GET is a hosted page, rendered on the server. Outside /api, so
 * no authorization hook runs: a page's data is what an anonymous visitor may read, and it is the
 * same for everyone (the browser loads the visitor's own things after hydration).
 */
export function registerSiteRoutes(app: FastifyInstance, pages: SitePages) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [rawPath = "/", query] = request.url.split(/\?(.*)/s);
    if (NOT_PAGES.test(rawPath)) return reply.callNotFound();
    if (FILE_LIKE.test(rawPath)) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    const { language, path, explicitDefault } = splitLanguage(rawPath);
    // "/en/blog" is "/blog": one address per page for links and search engines. Built from the
    // decoded segments encoded again, so "/en/%2Fevil.example" goes to "/%2Fevil.example", never "//evil.example".
    if (explicitDefault) return reply.redirect(pathOfSegments(splitUrl(rawPath).slice(1)) + (query ? `?${query}` : ""), 301);
    const answer = await pages.respond(language, path);
    return reply
      .code(answer.status)
      .header("x-cache", answer.cache)
      // Browsers and proxies revalidate: the server's cache is what is invalidated on a change.
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(answer.html);
  };
  app.get("/", handler);
  app.get("/*", handler);
}

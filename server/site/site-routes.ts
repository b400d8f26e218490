import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeUrl, splitUrl } from "./host/url-templates.js";
import { pathOfSegments } from "../security/same-site-path.js";
import { splitLanguage } from "../lib/language-path.js";
import type { SitePages } from "./site-pages.js";
import { PREVIEW_PARAMETER, type PagePreviews } from "./preview/page-previews.js";
import { PREVIEW_FRAMING_HEADERS } from "./preview/preview-framing.js";
import { negotiateEncoding, varyOnEncoding } from "../delivery/compression.js";
import { hasSession, matchesValidator, PRIVATE_PAGE, publicPageCacheControl, UNCACHED_PAGE } from "./page-caching.js";

/** Prefixes that belong to the API, the bundles, the admin and uploaded files, never to hosted pages. */
const NOT_PAGES = /^\/(api|static|admin|public)(\/|$)/;
/** "/favicon.ico", "/robots.txt": a file name, not a page. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/**
 * The public site: every other GET is a hosted page, rendered on the server. Outside /api, so
 * no authorization hook runs: a page's data is what an anonymous visitor may read, and it is the
 * same for everyone (the browser loads the visitor's own things after hydration).
 */
export function registerSiteRoutes(
  app: FastifyInstance,
  pages: SitePages,
  sharedMaxAgeSeconds: number,
  previews?: PagePreviews,
) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [rawPath = "/", query] = request.url.split(/\?(.*)/s);
    // Decided on the decoded path: "/%61pi/…" is under /api as the router reads it.
    if (NOT_PAGES.test(normalizeUrl(rawPath))) return reply.callNotFound();
    if (FILE_LIKE.test(rawPath)) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    const { language, path, explicitDefault } = splitLanguage(rawPath);
    // "/en/blog" is "/blog": one address per page for links and search engines. Built from the
    // decoded segments encoded again, so "/en/%2Fevil.example" goes to "/%2Fevil.example", never "//evil.example".
    if (explicitDefault)
      return reply.redirect(pathOfSegments(splitUrl(rawPath).slice(1)) + (query ? `?${query}` : ""), 301);
    const token = previews && query ? new URLSearchParams(query).get(PREVIEW_PARAMETER) : null;
    if (token !== null && previews) {
      // A preview (docs/drafts.md): working copies, for the link's holder only. No cache keeps it,
      // no search engine lists it, and the page cache never sees it.
      const preview = await previews.respond(language, path, token);
      return reply
        .code(preview.status)
        .headers(PREVIEW_FRAMING_HEADERS)
        .header("cache-control", PRIVATE_PAGE)
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8")
        .send(preview.html);
    }
    const answer = await pages.respond(language, path, new URLSearchParams(query ?? ""));
    reply.code(answer.status).header("x-cache", answer.cache).type("text/html; charset=utf-8");
    if (!("page" in answer)) return reply.header("cache-control", UNCACHED_PAGE).send(answer.html);
    const { page } = answer;
    const cache = pages.cache;
    if (answer.status !== 200) {
      // The hosted /404 page: its render is kept here (one per language, shared by every unknown
      // path), but the answer is an error's: no CDN or browser keeps it (docs/site.md, Site delivery),
      // and no validator, since it is never revalidated.
      reply.header("cache-control", UNCACHED_PAGE);
    } else {
      reply
        .header("etag", page.etag)
        .header(
          "cache-control",
          hasSession(request)
            ? PRIVATE_PAGE
            : publicPageCacheControl(page, cache.clockMs(), cache.maxAgeMs, sharedMaxAgeSeconds),
        );
    }
    varyOnEncoding(reply);
    if (answer.status === 200 && matchesValidator(request.headers["if-none-match"], page.etag))
      return reply.code(304).send();
    // The stored bytes of the visitor's encoding, compressed when the page was first asked for in it.
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.send(await pages.body(answer, encoding));
  };
  app.get("/", handler);
  app.get("/*", handler);
}

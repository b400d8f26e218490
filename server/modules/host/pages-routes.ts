import type { FastifyInstance } from "fastify";
import { notFound } from "../../../engine/errors.js";
import { splitLanguage } from "../../site/language-path.js";
import { inputSchema } from "../input.js";
import type { PageResolver } from "./page-resolver.js";

const URL_QUERY = { type: "string", minLength: 1, maxLength: 2048, pattern: "^/", "x-message": "must be a path starting with /" };

const byUrl = inputSchema<{ url: string }>({ properties: { url: URL_QUERY }, required: ["url"], additionalProperties: true });
const segmentQuery = inputSchema<{ url: string; segment: string }>({
  properties: { url: URL_QUERY, segment: { type: "string", pattern: "^[a-z0-9-]+\\.[a-z0-9-]+\\.[A-Za-z0-9_]+$", "x-message": "must name module.entity.field" } },
  required: ["url", "segment"],
  additionalProperties: true,
});

const docs = (tag: string, summary: string, query?: { schema: object }) => ({ config: { docs: { tag, summary, ...(query ? { query: query.schema } : {}) } } });

/**
 * SPEC.md section 7 "Pages", under /api/host/pages and /api/website-builder/pages: the page of a
 * visited url (a language prefix such as /ru is ignored), every page url with its segments, and
 * the value a url gives one of its page's named segments. Public reads (GET /api/host/** and
 * /api/website-builder/** are anonymous permissions); static paths win over the generic `/:id`.
 */
export function registerPagesRoutes(app: FastifyInstance, resolver: PageResolver) {
  const base = `/api/${resolver.modelId}`;
  const tag = resolver.modelId.split("/")[0]!;

  app.get(`${base}/find-by-url`, docs(tag, "The page a visited url resolves to (exact url, else a url template whose named records exist); 404 when none", byUrl), async (request) => {
    const { url } = byUrl(request.query);
    const resolved = await resolver.resolve(splitLanguage(url).path);
    if (!resolved) throw notFound(`no page for ${url}`);
    return { data: resolved.page };
  });

  app.get(
    `${base}/urls`,
    docs(tag, 'Every page url as `{ id, url, segments }`; segments is the url split on "/" ("/blog/articles/[blog.articles.slug]" → ["blog", "articles", "[blog.articles.slug]"], "/" → [])'),
    async () => ({ data: await resolver.urls() }),
  );

  app.get(
    `${base}/url-segment-value`,
    docs(tag, "The value a url gives a named segment of its page: url /blog/articles/hello, segment blog.articles.slug → \"hello\"; 404 when the page has no such segment", segmentQuery),
    async (request) => {
      const { url, segment } = segmentQuery(request.query);
      const resolved = await resolver.resolve(splitLanguage(url).path);
      const value = resolved?.segments[segment];
      if (value === undefined) throw notFound(`${url} gives no value to ${segment}`);
      return { data: value };
    },
  );
}

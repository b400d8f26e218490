import type { FastifyInstance } from "fastify";
import { notFound } from "../../../engine/errors.js";
import { splitLanguage } from "../../lib/language-path.js";
import { inputSchema } from "../../modules/input.js";
import { defineRoute } from "../../modules/route.js";
import type { PageResolver } from "./page-resolver.js";

// A path, or as the original client asks for the home page: `index`, or no url at all.
const URL_QUERY = {
  type: "string",
  maxLength: 2048,
  pattern: "^(/|index$|$)",
  "x-message": "must be a path starting with /",
};

const byUrl = inputSchema<{ url?: string }>({ properties: { url: URL_QUERY }, additionalProperties: true });
const segmentQuery = inputSchema<{ url: string; segment: string }>({
  properties: {
    url: URL_QUERY,
    segment: {
      type: "string",
      pattern: "^[a-z0-9-]+\\.[a-z0-9-]+\\.[A-Za-z0-9_]+$",
      "x-message": "must name module.entity.field",
    },
  },
  required: ["url", "segment"],
  additionalProperties: true,
});
const urlsQuery = inputSchema<{ templates?: "true" | "false" }>({
  properties: { templates: { type: "string", enum: ["true", "false"] } },
  additionalProperties: true,
});

/** The visited path without its language prefix; `index` and an empty url are the home page. */
const pagePath = (url: string | undefined) => (!url || url === "index" ? "/" : splitLanguage(url).path);

/**
 * The original client's pages routes, under /api/host/pages and /api/website-builder/pages: the page of a
 * visited url (a language prefix such as /ru is ignored), every page url with its segments, and
 * the value a url gives one of its page's named segments. Public reads (GET /api/host/** and
 * /api/website-builder/** are anonymous permissions); static paths win over the generic `/:id`.
 */
export function registerPagesRoutes(app: FastifyInstance, resolver: PageResolver) {
  const base = `/api/${resolver.modelId}`;
  const tag = resolver.modelId.split("/")[0]!;

  const findByUrl =
    "The page a visited url resolves to (exact url, else a url template whose named records exist); `index` or no url is `/`; 404 when none";
  defineRoute(
    app,
    { method: "GET", url: `${base}/find-by-url`, tag, summary: findByUrl, query: byUrl },
    async ({ query: { url } }) => {
      const resolved = await resolver.resolve(pagePath(url));
      if (!resolved) throw notFound(`no page for ${url || "/"}`);
      return { data: resolved.page };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${base}/urls`,
      tag,
      summary:
        'Every page address as the original client reads it: `{ data: { urls: [{ url, id, segments }] } }`, a template page once per record its segments name ("/blog/articles/[blog.articles.slug]" → "/blog/articles/hello", …; accounts never listed). `?templates=true`: the page rows\' own urls, `{ data: [{ id, url, segments }] }`',
      query: urlsQuery,
    },
    async ({ query: { templates } }) => {
      if (templates === "true") return { data: await resolver.urls() };
      return { data: { urls: await resolver.addresses() } };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${base}/url-segment-value`,
      tag,
      summary:
        'The value a url gives a named segment of its page: url /blog/articles/hello, segment blog.articles.slug → "hello"; `null` when the page has no such segment; 404 when no page has the url',
      query: segmentQuery,
    },
    async ({ query: { url, segment } }) => {
      const resolved = await resolver.resolve(pagePath(url));
      if (!resolved) throw notFound(`no page for ${url}`);
      // As the original answers: a segment the page does not have is no error, just no value.
      return { data: resolved.segments[segment] ?? null };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { LANGUAGES } from "../../../web/site/data/page-data.js";
import { HtmlCache } from "../../site/html-cache.js";
import { splitLanguage } from "../../site/language-path.js";
import { inputSchema } from "../input.js";

const query = inputSchema<{ path: string; type?: "page" | "layout" }>({
  properties: {
    path: { type: "string", minLength: 1, maxLength: 2048, pattern: "^/", "x-message": "must be a path starting with /" },
    type: { type: "string", enum: ["page", "layout"], "x-message": "must be page or layout" },
  },
  required: ["path"],
  additionalProperties: true,
});

/**
 * GET /api/revalidation/revalidate?path=/blog&type=layout (SPEC.md section 7): drops rendered
 * pages from the HTML cache. `page` drops that path; `layout` the path and every path below it
 * ("/" is the whole site). A path with a language prefix ("/ru/blog") concerns that language only,
 * an unprefixed one every language. No anonymous permission exists for it: admins and the secret key.
 * Changes to records invalidate by themselves; this is for what the records cannot tell (a new build).
 */
export function registerRevalidateRoute(app: FastifyInstance, cache: HtmlCache) {
  app.get(
    "/api/revalidation/revalidate",
    { config: { docs: { tag: "revalidation", summary: "Drop cached renders of a path (type=page) or of a path and everything below it (type=layout)", query: query.schema } } },
    async (request) => {
      const { path: raw, type = "page" } = query(request.query);
      const { language, path, prefixed } = splitLanguage(raw);
      const languages: string[] = prefixed ? [language] : [...LANGUAGES];
      let revalidated: number;
      if (type === "layout" && path === "/" && !prefixed) revalidated = cache.clear();
      else {
        const wanted = new Set(languages.map((l) => HtmlCache.key(l, path)));
        const below = languages.map((l) => HtmlCache.key(l, path === "/" ? "/" : `${path}/`));
        revalidated = cache.deleteWhere((key) => wanted.has(key) || (type === "layout" && below.some((b) => key.startsWith(b))));
      }
      return { data: { path: raw, type, revalidated } };
    },
  );
}

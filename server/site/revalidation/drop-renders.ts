import type { FastifyInstance } from "fastify";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { splitLanguage } from "../../lib/language-path.js";
import { HtmlCache } from "../html-cache.js";

export type RevalidateType = "page" | "layout";

/**
 * Drops the cached renders of a path: `page` that path, `layout` the path and every path below
 * it ("/" is the whole site). A language prefix ("/ru/blog") concerns that language only, an
 * unprefixed path every language. Returns how many renders were dropped.
 */
export function dropPath(cache: HtmlCache, raw: string, type: RevalidateType): number {
  const { language, path, prefixed } = splitLanguage(raw);
  const languages: string[] = prefixed ? [language] : [...LANGUAGES];
  if (type === "layout" && path === "/" && !prefixed) return cache.clear();
  const wanted = new Set(languages.map((l) => HtmlCache.key(l, path)));
  const below = languages.map((l) => HtmlCache.key(l, path === "/" ? "/" : `${path}/`));
  return cache.deleteWhere((key) => wanted.has(key) || (type === "layout" && below.some((b) => key.startsWith(b))));
}

/**
 * Drops the renders behind a cache tag, as the original client tags its reads: with the route of
 * a model ("/api/blog/articles") or its id ("blog/articles"). That model is announced as changed
 * on the change feed, so every instance drops the pages that used it (and any other cache of its
 * rows reloads). A tag naming no model drops every render: the safe reading of an unknown tag.
 * Returns how many renders this instance dropped.
 */
export function dropTag(app: FastifyInstance, cache: HtmlCache, tag: string): number {
  const [module, entity] = tag
    .replace(/^\/?api\//, "")
    .replace(/^\//, "")
    .split("/");
  const model = app.registry.models.find((m) => m.id === `${module}/${entity}`);
  if (!model) return cache.clear();
  const before = cache.size;
  app.changes.publish(model.id);
  return before - cache.size;
}

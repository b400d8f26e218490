import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import type { HtmlCache } from "../html-cache.js";
import { inputSchema } from "../../modules/input.js";
import { defineRoute } from "../../modules/route.js";
import { dropPath, dropTag, type RevalidateType } from "./drop-renders.js";

const PATH = {
  type: "string",
  minLength: 1,
  maxLength: 2048,
  pattern: "^/",
  "x-message": "must be a path starting with /",
};
const TYPE = { type: "string", enum: ["page", "layout"], "x-message": "must be page or layout" };

const query = inputSchema<{ path: string; type?: RevalidateType }>({
  properties: { path: PATH, type: TYPE },
  required: ["path"],
  additionalProperties: true,
});
const originalQuery = inputSchema<{ path?: string; tag?: string; type?: RevalidateType }>({
  properties: { path: PATH, tag: { type: "string", minLength: 1, maxLength: 2048 }, type: TYPE },
  additionalProperties: true,
});

/**
 * Dropping cached renders on request, for what the records cannot tell (a new build); changes to
 * records invalidate by themselves. No anonymous permission exists for either route: admins and
 * the secret key only (the original left its /api/revalidate open to anyone).
 * - GET /api/revalidation/revalidate?path=/blog&type=layout (the documented route) → `{ data: { path, type, revalidated: N } }`;
 * - GET /api/revalidate?path=…&type=… or ?tag=… (the original client's route) → `{ revalidated: true, now }`,
 *   with our `data` beside it.
 */
export function registerRevalidateRoute(app: FastifyInstance, cache: HtmlCache) {
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/revalidation/revalidate",
      tag: "revalidation",
      summary: "Drop cached renders of a path (type=page) or of a path and everything below it (type=layout)",
      query,
    },
    async ({ query: { path, type = "page" } }) => {
      return { data: { path, type, revalidated: dropPath(cache, path, type) } };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/revalidate",
      tag: "revalidation",
      summary:
        "The original client's revalidation: `?path=&type=` like /api/revalidation/revalidate, or `?tag=` (a model's route: the pages that used it); answers `{ revalidated: true, now }`",
      query: originalQuery,
    },
    async ({ query: { path, tag, type = "page" } }) => {
      // One of the two, which a JSON Schema of the query would only say in less plain words.
      if (!path && !tag) throw validationError("path or tag is required", [{ path: "/path", message: "is required" }]);
      const dropped = (path ? dropPath(cache, path, type) : 0) + (tag ? dropTag(app, cache, tag) : 0);
      return {
        revalidated: true,
        now: Date.now(),
        data: { ...(path ? { path, type } : {}), ...(tag ? { tag } : {}), revalidated: dropped },
      };
    },
  );
}

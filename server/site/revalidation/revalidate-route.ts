import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import type { HtmlCache } from "../html-cache.js";
import { inputSchema } from "../../modules/input.js";
import { dropPath, dropTag, type RevalidateType } from "./drop-renders.js";

const PATH = { type: "string", minLength: 1, maxLength: 2048, pattern: "^/", "x-message": "must be a path starting with /" };
const TYPE = { type: "string", enum: ["page", "layout"], "x-message": "must be page or layout" };

const query = inputSchema<{ path: string; type?: RevalidateType }>({ properties: { path: PATH, type: TYPE }, required: ["path"], additionalProperties: true });
const originalQuery = inputSchema<{ path?: string; tag?: string; type?: RevalidateType }>({
  properties: { path: PATH, tag: { type: "string", minLength: 1, maxLength: 2048 }, type: TYPE },
  additionalProperties: true,
});

/**
 * Dropping cached renders on request, for what the records cannot tell (a new build); changes to
 * records invalidate by themselves. No anonymous permission exists for either route: admins and
 * the secret key only (the original left its /api/revalidate open to anyone).
 * - GET /api/revalidation/revalidate?path=/blog&type=layout (SPEC.md section 7) → `{ data: { path, type, revalidated: N } }`;
 * - GET /api/revalidate?path=…&type=… or ?tag=… (the original client's route) → `{ revalidated: true, now }`,
 *   with our `data` beside it.
 */
export function registerRevalidateRoute(app: FastifyInstance, cache: HtmlCache) {
  app.get(
    "/api/revalidation/revalidate",
    { config: { docs: { tag: "revalidation", summary: "Drop cached renders of a path (type=page) or of a path and everything below it (type=layout)", query: query.schema } } },
    async (request) => {
      const { path, type = "page" } = query(request.query);
      return { data: { path, type, revalidated: dropPath(cache, path, type) } };
    },
  );

  app.get(
    "/api/revalidate",
    {
      config: {
        docs: {
          tag: "revalidation",
          summary: "The original client's revalidation: `?path=&type=` like /api/revalidation/revalidate, or `?tag=` (a model's route: the pages that used it); answers `{ revalidated: true, now }`",
          query: originalQuery.schema,
        },
      },
    },
    async (request) => {
      const { path, tag, type = "page" } = originalQuery(request.query);
      if (!path && !tag) throw validationError("path or tag is required", [{ path: "/path", message: "is required" }]);
      const dropped = (path ? dropPath(cache, path, type) : 0) + (tag ? dropTag(app, cache, tag) : 0);
      return { revalidated: true, now: Date.now(), data: { ...(path ? { path, type } : {}), ...(tag ? { tag } : {}), revalidated: dropped } };
    },
  );
}

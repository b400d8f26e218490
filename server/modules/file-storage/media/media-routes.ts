import type { FastifyInstance } from "fastify";
import { modelQueries } from "../../../../engine/query/model-tables.js";
import { DEFAULT_LANGUAGE } from "../../../../engine/schema/languages.js";
import { UUID, inputSchema } from "../../input.js";
import { LANGUAGE_INPUT, checkLanguage } from "../../language-input.js";
import { defineRoute } from "../../route.js";
import { MediaLibrary, USES_MAX } from "./media-library.js";

/**
 * The media screen's routes. Not under /api/file-storage/files (whose reads are public: the site
 * shows files): who uses which file is the admin's to know, so these need a permission on
 * /api/file-storage/media/** (the admin's, or a role given it).
 */
export const MEDIA_ROUTE = "/api/file-storage/media";

const COUNT = (max: number) => ({
  type: "string",
  pattern: "^[0-9]{1,9}$",
  maxLength: 9,
  "x-message": `must be a whole number up to ${max}`,
});
const pageQuery = inputSchema<{ search?: string; limit?: string; offset?: string }>({
  properties: { search: { type: "string", maxLength: 200 }, limit: COUNT(100), offset: COUNT(1e9) },
});
const params = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "must be a uuid" } },
  required: ["id"],
});
const usesQuery = inputSchema<{ language?: string }>({ properties: { language: LANGUAGE_INPUT } });

export function registerMediaRoutes(app: FastifyInstance) {
  const library = new MediaLibrary(
    modelQueries(app.database.db, app.registry),
    app.registry,
    () => app.subjectFiles.variants,
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: MEDIA_ROUTE,
      tag: "file-storage",
      summary:
        "The media grid (admins): files newest first with what was read from each (type, size, width, height), its alt texts and `usedBy`, how many records link to it; `search` by name, `limit` (default 24, at most 100), `offset`; `total` counts the matches. One query per page",
      query: pageQuery,
    },
    async ({ query }) => {
      const limit = Math.min(Math.max(Number(query.limit ?? 24), 1), 100);
      const page = await library.page((query.search ?? "").trim(), limit, Number(query.offset ?? 0));
      return { data: page };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${MEDIA_ROUTE}/:id/uses`,
      tag: "file-storage",
      summary: `Where a file is used (admins): every record linking to it through any relation to files (products, widgets, articles, …), as { model, modelTitle, id, label } named in \`language\`; at most ${USES_MAX}; 404 for an unknown file`,
      params,
      query: usesQuery,
    },
    async ({ params: { id }, query }) => ({
      data: await library.uses(id, checkLanguage(query.language) ?? DEFAULT_LANGUAGE),
    }),
  );
}

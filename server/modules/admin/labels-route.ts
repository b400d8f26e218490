import type { FastifyInstance } from "fastify";
import { adminModel } from "../../../engine/admin/admin-model.js";
import { searchFilter } from "../../../engine/admin/search-filter.js";
import { notFound } from "../../../engine/errors.js";
import { parseListQuery } from "../../../engine/query/list-query.js";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import { inputSchema } from "../input.js";
import { LANGUAGE_INPUT, checkLanguage } from "../language-input.js";
import { defineRoute } from "../route.js";
import { RecordLabels } from "./record-labels.js";

const NAME = { type: "string", pattern: "^[a-z0-9-]{1,80}$", "x-message": "must be a module or entity name" };
const params = inputSchema<{ module: string; entity: string }>({
  properties: { module: NAME, entity: NAME },
  required: ["module", "entity"],
});
const ONE_UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const UUID_LIST = `^${ONE_UUID}(,${ONE_UUID}){0,99}$`;
const query = inputSchema<{ ids?: string; search?: string; limit?: string; language?: string }>({
  properties: {
    ids: { type: "string", pattern: UUID_LIST, "x-message": "must be up to 100 uuids separated by commas" },
    search: { type: "string", maxLength: 200, "x-message": "must be a text of at most 200 characters" },
    limit: { type: "string", pattern: "^(100|[1-9][0-9]?)$", "x-message": "must be a whole number from 1 to 100" },
    language: LANGUAGE_INPUT,
  },
});

/**
 * GET /api/admin/labels/{module}/{entity}: records named as the admin shows them (record-labels.ts)
 * — `ids=a,b,…` names those records; otherwise the first `limit` (default 20) records whose
 * titles contain `search` (any title, any language: the table's search). Answers
 * `{ data: [{ id, label, file? }] }`. Under /api/admin, so admins only, like the models route.
 */
export function registerLabelsRoute(app: FastifyInstance) {
  const labels = new RecordLabels(app);
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/admin/labels/:module/:entity",
      tag: "admin",
      summary:
        'Records named as a person recognises them (a price as "$32.00 · USD", an order by number, customer and total, a relation row by its two ends, a file with its thumbnail, a person by email with `beyondFields: true`): `ids` (up to 100, comma-separated), or `search` over every title with `limit` (default 20); `language` picks the titles\' language',
      params,
      query,
    },
    async ({ params: { module, entity }, query: q }) => {
      const model = app.registry.find(`${module}/${entity}`);
      if (!model || !app.registry.exposed.includes(model)) throw notFound(`No model ${module}/${entity}`);
      const language = checkLanguage(q.language) ?? DEFAULT_LANGUAGE;
      if (q.ids !== undefined) {
        const ids = q.ids.split(",");
        const found = await labels.ofIds(model.id, ids, language);
        return { data: ids.filter((id) => found.has(id)).map((id) => ({ id, ...found.get(id)! })) };
      }
      const filter = searchFilter(adminModel(model, app.registry), q.search ?? "");
      const list = parseListQuery(model, {
        filters: filter ? JSON.stringify([filter]) : undefined,
        limit: q.limit ?? "20",
      });
      const rows = await app.repositories.get(model.id)!.list(list);
      const found = await labels.ofRows(model, rows as Record<string, unknown>[], language);
      return { data: rows.map((row) => ({ id: row.id as string, ...found.get(row.id as string)! })) };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import { inputSchema } from "../input.js";
import { LANGUAGE_INPUT, checkLanguage } from "../language-input.js";
import { defineRoute } from "../route.js";
import { GlobalSearch } from "./global-search.js";

/** The longest text searched: a title, an email or an order number, with room to spare. */
export const SEARCH_TEXT_MAX = 200;

const query = inputSchema<{ q: string; limit?: string; language?: string }>({
  properties: {
    q: {
      type: "string",
      maxLength: SEARCH_TEXT_MAX,
      // Something besides spaces: an empty search would list every record of every model.
      pattern: "\\S",
      "x-message": `must be a text of 1 to ${SEARCH_TEXT_MAX} characters`,
    },
    limit: { type: "string", pattern: "^(50|[1-4][0-9]|[1-9])$", "x-message": "must be a whole number from 1 to 50" },
    language: LANGUAGE_INPUT,
  },
  required: ["q"],
});

/**
 * GET /api/admin/search?q=&limit=&language=: any record of any model by its titles and its
 * `x-search` fields, orders by number or customer email (global-search.ts), for the admin's
 * Ctrl/Cmd+K. Answers `{ data: [{ model, id, label, detail, screen }] }`, the best matches first.
 * Admins only.
 */
export function registerGlobalSearchRoute(app: FastifyInstance) {
  const search = new GlobalSearch(app);
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/admin/search",
      tag: "admin",
      access: "admin",
      summary:
        "Any record of any model by its titles and x-search fields (working copies, drafts included), orders by number or customer email: each named as a person recognises it, with a second line saying what it is and the admin screen that opens it; a title equal to `q` first, then one starting with it. `limit` up to 50 (default 20)",
      query,
    },
    async ({ query: q }) => {
      const language = checkLanguage(q.language) ?? DEFAULT_LANGUAGE;
      const limit = q.limit === undefined ? 20 : Number(q.limit);
      return { data: await search.find(q.q, limit, language) };
    },
  );
}

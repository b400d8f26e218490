import type { FastifyInstance } from "fastify";
import { validationErrorFromCauses } from "../../engine/errors.js";
import { DEFAULT_LANGUAGE } from "../../engine/schema/languages.js";
import type { Config } from "../config.js";
import { inputSchema } from "../modules/input.js";
import { checkLanguage, LANGUAGE_INPUT } from "../modules/language-input.js";
import { defineRoute } from "../modules/route.js";
import { DEFAULT_TYPES, SEARCH_TYPES, searchTypeOf, type SearchType } from "./search-types.js";
import { decodeCursor, QUERY_MAX, queryWords } from "./search-words.js";
import { SiteSearch } from "./site-search.js";

export const LIMIT_DEFAULT = 20;
export const LIMIT_MAX = 50;

const query = inputSchema<{ q: string; language?: string; types?: string; limit?: string; after?: string }>({
  properties: {
    q: {
      type: "string",
      maxLength: QUERY_MAX,
      // Something besides spaces: an empty query finds nothing worth a request.
      pattern: "\\S",
      "x-message": `must be a text of 1 to ${QUERY_MAX} characters`,
      description: "The visitor's words; the last one may be unfinished (a prefix)",
    },
    language: {
      ...LANGUAGE_INPUT,
      description: "The language searched and of the answer's addresses (default: DEFAULT_LANGUAGE)",
    },
    types: {
      type: "string",
      maxLength: 200,
      description: `Comma-separated: ${SEARCH_TYPES.map((t) => t.type).join(", ")} (default ${DEFAULT_TYPES.join(",")})`,
    },
    limit: {
      type: "string",
      pattern: "^(50|[1-4][0-9]|[1-9])$",
      "x-message": `must be a whole number from 1 to ${LIMIT_MAX}`,
      description: `Results per page, 1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT})`,
    },
    after: { type: "string", maxLength: 400, description: "The `next` of the previous page" },
  },
  required: ["q"],
});

/** The asked types, each known, or a 400 naming the first that is not. */
function typesOf(list: string | undefined): SearchType[] {
  if (list === undefined) return DEFAULT_TYPES.map((type) => searchTypeOf(type)!);
  const names = [...new Set(list.split(",").map((name) => name.trim()))];
  const unknown = names.find((name) => !searchTypeOf(name));
  if (unknown !== undefined)
    throw validationErrorFromCauses([
      {
        path: "/types",
        message: `${JSON.stringify(unknown)} is not a searched type (${SEARCH_TYPES.map((t) => t.type).join(", ")})`,
      },
    ]);
  return names.map((name) => searchTypeOf(name)!);
}

/**
 * GET /api/search?q=&language=&types=&limit=&after=: the visitors' search over published
 * articles, products and pages (docs/search.md). Public, rate limited per address
 * (SEARCH_RATE_LIMIT); answers `{ data: [{ type, id, title, url, snippet, rank }], next }`.
 */
export function registerSearchRoute(app: FastifyInstance, config: Config) {
  const search = new SiteSearch(app, config.searchCandidates);
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/search",
      tag: "search",
      summary:
        "Search published articles, products and pages: `{ data: [{ type, id, title, url, snippet, rank }], next, suggestion? }`, best first; `snippet` is HTML with the matched words in <mark>; `next` is the `after` of the next page, null at the end; `suggestion` is the query as the typo fallback corrected it, when the results are its",
      query,
      access: "public",
      rateLimit: { max: config.searchRateLimit, timeWindow: 60_000 },
    },
    async ({ query: input }, request) => {
      const language = checkLanguage(input.language) ?? DEFAULT_LANGUAGE;
      return search.search(request.caller, {
        words: queryWords(input.q),
        language,
        types: typesOf(input.types),
        limit: input.limit ? Number(input.limit) : LIMIT_DEFAULT,
        ...(input.after ? { after: decodeCursor(input.after) } : {}),
      });
    },
  );
}

import type { FastifyInstance } from "fastify";
import type { Language, PageData } from "../../common/site/page-data.js";
import {
  MAX_QUERY_LENGTH,
  SEARCH_TYPES,
  showsSearchResults,
  type SearchHit,
  type SiteSearch,
} from "../../common/site/site-search.js";
import type { QueryPages } from "./site-pages.js";

/** Results on one page of the results page; "More results" asks for the next with the API's cursor. */
const PAGE_SIZE = 20;

/**
 * The search results page (docs/site.md, "Search"): a hosted page showing the website-builder
 * widget 'search-results-default' is completed for each request with `?q=` (and `after=`) asked
 * of GET /api/search, as any client asks it, so the page shows exactly what the API answers.
 */
export function searchResultsPages(app: FastifyInstance): QueryPages {
  return {
    completes: showsSearchResults,
    async complete(data: PageData, query: URLSearchParams): Promise<PageData> {
      const q = (query.get("q") ?? "").trim();
      const after = query.get("after") || undefined;
      return { ...data, search: await search(app, data.language, q, after) };
    },
  };
}

async function search(app: FastifyInstance, language: Language, query: string, after?: string): Promise<SiteSearch> {
  const asked = { query, ...(after ? { after } : {}) };
  if (!query) return { ...asked, hits: [], next: null };
  if (query.length > MAX_QUERY_LENGTH) return { ...asked, hits: [], next: null, refused: true };
  const params = new URLSearchParams({ q: query, language, types: SEARCH_TYPES.join(","), limit: String(PAGE_SIZE) });
  if (after) params.set("after", after);
  const answer = await app.inject({ method: "GET", url: `/api/search?${params}` });
  // A query the API refuses (a cursor not its own, a query it finds too long) is the visitor's: say so, no 500.
  if (answer.statusCode === 400) return { ...asked, hits: [], next: null, refused: true };
  if (answer.statusCode !== 200)
    throw new Error(`GET /api/search answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  const body = answer.json() as { data?: SearchHit[]; next?: string | null; suggestion?: unknown };
  return {
    ...asked,
    hits: Array.isArray(body.data) ? body.data : [],
    next: typeof body.next === "string" && body.next ? body.next : null,
    ...(typeof body.suggestion === "string" && body.suggestion ? { suggestion: body.suggestion } : {}),
  };
}

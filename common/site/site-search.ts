/**
 * The visitor's search as the site shows it (docs/site.md, "Search"): the answer of
 * `GET /api/search` the results page is rendered from, the results page's address, and the
 * check a snippet passes before it is inserted as HTML. Plain data, in common/ because the
 * server renders the results page and the browser's header box reads the same API.
 */

/** One result of /api/search: `snippet` is HTML with the matched words in <mark>, all else escaped. */
export interface SearchHit {
  type: string;
  id: string;
  /** Plain text: the client escapes it like any other text. */
  title: string;
  /** The record's public address in the searched language (`/ru/…` for ru). */
  url: string;
  /** HTML: the matched words in <mark>, every other character escaped. */
  snippet: string;
  rank: number;
}

/** What the results page shows: the visitor's query and the API's answer to it. */
export interface SiteSearch {
  query: string;
  /** The `after` the page was asked with (a page of "More results"). */
  after?: string;
  hits: SearchHit[];
  /** The API's cursor for the next page of results, or null at the end. */
  next: string | null;
  /** A spelling the API offers for a query that found nothing, when it has one. */
  suggestion?: string;
  /** The API refused the query (too long): the page says so rather than "Nothing found". */
  refused?: boolean;
}

/** The results page, per language (`/ru/search`); the header box sends its query there. */
export const SEARCH_PATH = "/search";
/** The kinds a visitor's search covers, in the order the results page groups them. */
export const SEARCH_TYPES = ["blog.articles", "ecommerce.products", "host.pages"] as const;
/** The longest query the site sends (the API refuses longer ones with a 400). */
export const MAX_QUERY_LENGTH = 200;
/** The header box asks from this many characters on. */
export const MIN_SUGGEST_LENGTH = 2;

/** The website-builder widget variant of the results page: a page placing it is rendered per query, never cached. */
export const SEARCH_RESULTS_VARIANT = "search-results-default";

/**
 * The snippet as HTML when it holds no tag but <mark> and </mark> (the server escapes the rest;
 * the site still checks before inserting it), else undefined: the caller shows its text instead.
 */
export function markedSnippet(snippet: unknown): string | undefined {
  if (typeof snippet !== "string") return undefined;
  const withoutMarks = snippet.replace(/<\/?mark>/g, "");
  return /[<>]/.test(withoutMarks) ? undefined : snippet;
}

/** Whether a snippet marks a matched word: the API's typo fallback answers titles that only look like the query, unmarked. */
export const hasMarks = (snippet: unknown): boolean => typeof snippet === "string" && snippet.includes("<mark>");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/** A snippet's words without any markup (its escapes read back), for when it is not safe to insert as HTML. */
export const snippetText = (snippet: unknown): string =>
  typeof snippet === "string"
    ? snippet.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!)
    : "";

/** The results page's address for a query (and a page of it), in a language's prefix added by the caller. */
export function searchQueryString(query: string, after?: string | null): string {
  const params = new URLSearchParams({ q: query });
  if (after) params.set("after", after);
  return `?${params.toString()}`;
}

/**
 * Whether a loaded page shows the search results (a website-builder widget of the results
 * variant among its rows): such a page is rendered for each query and never kept in a cache.
 */
export function showsSearchResults(data: {
  // A page's records as PageData holds them (page-data.ts imports this file, so the shape is named here).
  records: Record<string, Record<string, { [field: string]: unknown }> | undefined>;
}): boolean {
  return Object.values(data.records["website-builder/widgets"] ?? {}).some(
    (widget) => widget.variant === SEARCH_RESULTS_VARIANT,
  );
}

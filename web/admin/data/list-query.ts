import { api, type Query } from "../../api/client.js";

export interface Condition {
  column: string;
  method: string;
  value?: unknown;
}

/** A condition, or a group of them one of which must hold (the search box's titles). */
export type Filter = Condition | { or: Condition[] };

export interface Sort {
  column: string;
  desc: boolean;
}

export interface PageRequest {
  filters: Filter[];
  sort?: Sort;
  limit: number;
  offset: number;
  /** The `next` cursor of the page before: the page is read from there, and the offset not sent. */
  after?: string;
}

export const routeOf = (modelId: string) => `/api/${modelId}`;

/**
 * The query every admin read of a model carries: an x-drafts model's working copies
 * (`draft=true`), which are what an editor edits; the published copies are what visitors see.
 */
export const readQuery = (model: { drafts?: boolean } | undefined): Query => (model?.drafts ? { draft: true } : {});

/** The filter language (docs/api.md), sent as JSON-encoded and-lists (the server reads those as well as brackets). */
export function queryOf(filters: Filter[], sort?: Sort): Query {
  const query: Query = {};
  if (filters.length) query["filters[and]"] = JSON.stringify(filters);
  if (sort) query["orderBy[and]"] = JSON.stringify([{ column: sort.column, method: sort.desc ? "desc" : "asc" }]);
  return query;
}

export interface Page<T> {
  rows: T[];
  total: number;
  /** The total is the server's estimate (a large table): exact on request, with countExactly. */
  estimated: boolean;
  /** The cursor of the page after this one, when this one is full. */
  next?: string;
}

/**
 * One page and the total under the same filters: the table never loads a whole list. The total
 * is asked for as an estimate, so a table of a million rows is not counted on every page turn
 * (the server counts exactly up to 1,000 rows and estimates beyond, as large-table admins do).
 */
export async function fetchPage<T>(
  model: { id: string; drafts?: boolean },
  request: PageRequest,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const modelId = model.id;
  const query = { ...queryOf(request.filters, request.sort), ...readQuery(model) };
  const paging = request.after ? { after: request.after } : { offset: request.offset };
  const [list, count] = await Promise.all([
    api<{ data: T[]; next?: string }>(routeOf(modelId), {
      query: { ...query, limit: request.limit, ...paging },
      signal,
      envelope: true,
    }),
    api<{ data: number; estimated?: boolean }>(`${routeOf(modelId)}/count`, {
      query: { ...query, estimate: true },
      signal,
      envelope: true,
    }),
  ]);
  return {
    rows: list.data,
    total: count.data,
    estimated: count.estimated === true,
    ...(list.next ? { next: list.next } : {}),
  };
}

/** The exact number of rows under these filters (it may read the whole table). */
export const fetchExactCount = (model: { id: string; drafts?: boolean }, filters: Filter[], signal?: AbortSignal) =>
  api<number>(`${routeOf(model.id)}/count`, { query: { ...queryOf(filters), ...readQuery(model) }, signal });

/** `%text%` for ilike (one rule with the search box's, engine/admin/search-filter.ts). */
export { containsPattern } from "../../../engine/admin/search-filter.js";

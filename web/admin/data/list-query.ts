import { api, type Query } from "../../api/client.js";

export interface Filter {
  column: string;
  method: string;
  value?: unknown;
}

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

/** API.md's filter language, sent as JSON-encoded and-lists (the server reads those as well as brackets). */
function queryOf(filters: Filter[], sort?: Sort): Query {
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
export async function fetchPage<T>(modelId: string, request: PageRequest, signal?: AbortSignal): Promise<Page<T>> {
  const query = queryOf(request.filters, request.sort);
  const paging = request.after ? { after: request.after } : { offset: request.offset };
  const [list, count] = await Promise.all([
    api<{ data: T[]; next?: string }>(routeOf(modelId), { query: { ...query, limit: request.limit, ...paging }, signal, envelope: true }),
    api<{ data: number; estimated?: boolean }>(`${routeOf(modelId)}/count`, { query: { ...query, estimate: true }, signal, envelope: true }),
  ]);
  return { rows: list.data, total: count.data, estimated: count.estimated === true, ...(list.next ? { next: list.next } : {}) };
}

/** The exact number of rows under these filters (it may read the whole table). */
export const fetchExactCount = (modelId: string, filters: Filter[], signal?: AbortSignal) =>
  api<number>(`${routeOf(modelId)}/count`, { query: queryOf(filters), signal });

/** `%text%` for ilike, with the pattern characters of the text itself escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

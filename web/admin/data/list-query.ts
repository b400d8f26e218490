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
}

export const routeOf = (modelId: string) => `/api/${modelId}`;

/** API.md's filter language, sent as JSON-encoded and-lists (the server reads those as well as brackets). */
function queryOf(filters: Filter[], sort?: Sort): Query {
  const query: Query = {};
  if (filters.length) query["filters[and]"] = JSON.stringify(filters);
  if (sort) query["orderBy[and]"] = JSON.stringify([{ column: sort.column, method: sort.desc ? "desc" : "asc" }]);
  return query;
}

/** One page and the total under the same filters: the table never loads a whole list. */
export async function fetchPage<T>(modelId: string, request: PageRequest, signal?: AbortSignal): Promise<{ rows: T[]; total: number }> {
  const query = queryOf(request.filters, request.sort);
  const [rows, total] = await Promise.all([
    api<T[]>(routeOf(modelId), { query: { ...query, limit: request.limit, offset: request.offset }, signal }),
    api<number>(`${routeOf(modelId)}/count`, { query, signal }),
  ]);
  return { rows, total };
}

/** `%text%` for ilike, with the pattern characters of the text itself escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

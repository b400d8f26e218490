import { coerce } from "./coerce.js";
import { BULK_MAX, type Repository } from "./repository.js";
import type { Row } from "./prepare-write.js";
import type { Condition } from "./list-query.js";

// Small read helpers over the generic repository: the loader and the page resolver ask for rows
// by one field's value(s), always through its filters, never by hand-built SQL.

function condition(
  repository: Repository,
  field: string,
  method: "eq" | "inArray" | "notInArray",
  value: unknown,
): Condition {
  const f = repository.model.fieldMap.get(field);
  if (!f || f.hidden) throw new Error(`${repository.model.id} has no readable field ${field}`);
  return { field: f, kind: f.kind, method, value };
}

/** Rows whose `field` is one of `values`: one query per 1000 values (the loader stays far below). */
export async function rowsWhereIn(repository: Repository, field: string, values: string[]): Promise<Row[]> {
  if (values.length === 0) return [];
  const rows: Row[] = [];
  for (let i = 0; i < values.length; i += BULK_MAX) {
    const chunk = values.slice(i, i + BULK_MAX);
    rows.push(
      ...(await repository.list({
        filters: [condition(repository, field, "inArray", chunk)],
        orderBy: [],
        limit: BULK_MAX,
        offset: 0,
      })),
    );
  }
  return rows;
}

/** The first row whose `field` equals the text `value` (a URL segment), or undefined when the value cannot be of the field's type. */
export async function firstRowWhere(repository: Repository, field: string, value: string): Promise<Row | undefined> {
  const f = repository.model.fieldMap.get(field);
  if (!f || f.hidden) return undefined;
  const typed = coerce(f.kind, value);
  if (typed === undefined) return undefined;
  const [row] = await repository.list({
    filters: [condition(repository, field, "eq", typed)],
    orderBy: [],
    limit: 1,
    offset: 0,
  });
  return row;
}

/** Newest rows of a model, at most `limit`, leaving out the ids in `except`. */
export async function newestRows(repository: Repository, limit: number, except: string[] = []): Promise<Row[]> {
  const createdAt = repository.model.fieldMap.get("createdAt");
  const filters = except.length ? [condition(repository, "id", "notInArray", except)] : [];
  if (!createdAt) return repository.list({ filters, orderBy: [], limit, offset: 0 });
  return repository.list({
    filters,
    orderBy: [{ field: createdAt, kind: createdAt.kind, direction: "desc" }],
    limit,
    offset: 0,
  });
}

/** Rows whose `field` matches a LIKE pattern. */
export async function rowsLike(repository: Repository, field: string, pattern: string, limit: number): Promise<Row[]> {
  const f = repository.model.fieldMap.get(field)!;
  return repository.list({
    filters: [{ field: f, kind: f.kind, method: "like", value: pattern }],
    orderBy: [],
    limit,
    offset: 0,
  });
}

import type { FastifyRequest } from "fastify";
import { AppError, notFound, validationError } from "../../engine/errors.js";
import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import { isUuid } from "../../engine/query/coerce.js";
import type { Repository } from "../../engine/query/repository.js";
import { recordEtag } from "../../common/record-etag.js";

type Row = Record<string, unknown>;

/**
 * A record's weak ETag (docs/drafts.md, Concurrent edits): its id and updatedAt, which every
 * write moves on. No hashing of the body: the row read already has both, so a GET pays nothing.
 */
export function etagOf(row: Row): string | undefined {
  const at = row.updatedAt;
  if (!(at instanceof Date) || typeof row.id !== "string") return undefined;
  return recordEtag(row.id, at);
}

/** The If-Match header's tags (weak or not: editors compare states, not bytes), or undefined without one. */
export function ifMatchOf(request: FastifyRequest): string[] | undefined {
  const header = request.headers["if-match"];
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(",") : header;
  const tags = text
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .filter(Boolean);
  if (tags.length === 0)
    throw new AppError("VALIDATION_ERROR", "If-Match must name an ETag", [
      { path: "/headers/if-match", message: "must name an ETag" },
    ]);
  return tags;
}

/** The record as it stands when the If-Match named another state. */
export class StaleRecord extends Error {
  constructor(readonly record: Row) {
    super("the record changed since the If-Match state");
  }
}

/**
 * Inside the write's transaction, before it: locks the record's row (FOR UPDATE: a concurrent
 * write waits for this one, so nobody slips between the check and the write) and throws
 * StaleRecord when its ETag is not one of the tags (`*` matches any record). 404 when missing.
 */
export async function checkIfMatch(trx: AnyModelDb, repository: Repository, id: string, tags: string[]): Promise<void> {
  const model = repository.model;
  if (!isUuid(id)) throw validationError("/id must be a uuid", [{ path: "/id", message: "must be a uuid" }]);
  const row: Row | undefined = await trx
    .selectFrom(model.table)
    .select(repository.columns)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(`${model.title} ${id} was not found`);
  if (tags.includes("*")) return;
  const tag = etagOf(row)?.replace(/^W\//, "");
  if (!tag || !tags.includes(tag)) throw new StaleRecord(row);
}

/** The 412 error body (docs/api.md "Errors"), with the current record as `data`. */
export function preconditionFailed(record: Row): AppError {
  const error = new AppError(
    "PRECONDITION_FAILED",
    "the record was changed by someone else since it was read: reload it and apply the change again",
  );
  error.data = record;
  return error;
}

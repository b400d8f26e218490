/**
 * A record's weak ETag from its id and the time of its last write (docs/drafts.md, Concurrent
 * edits): what the server answers a read or save with, and what the admin derives from a record
 * it read in a list (whose rows carry no ETag of their own) to send as If-Match. Written once here
 * so both sides name a state alike.
 */
export function recordEtag(id: string, updatedAt: Date | string | number): string | undefined {
  const ms =
    updatedAt instanceof Date ? updatedAt.getTime() : typeof updatedAt === "string" ? Date.parse(updatedAt) : updatedAt;
  if (!Number.isFinite(ms)) return undefined;
  return `W/"${id}-${ms.toString(36)}"`;
}

/** The ETag of a record as read (a row, or its JSON with `updatedAt` as text); undefined without both fields. */
export function etagOfRecord(record: Record<string, unknown> | null | undefined): string | undefined {
  if (!record || typeof record.id !== "string") return undefined;
  const at = record.updatedAt;
  if (!(at instanceof Date) && typeof at !== "string") return undefined;
  return recordEtag(record.id, at);
}

import type { AdminModel } from "../../../engine/admin/admin-model.js";
import type { VersionChange } from "../../../common/drafts/version-changes.js";
import { api } from "../../api/client.js";
import { readQuery, routeOf } from "../data/list-query.js";

type Row = Record<string, any>;

/** An x-drafts record's read-only `publication` (docs/drafts.md). */
export interface Publication {
  state: "draft" | "published" | "changed";
  publishedAt: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
}

/** One entry of GET …/{id}/versions, newest first. */
export interface VersionEntry {
  id: string;
  kind: string;
  createdAt: string;
  /** Who made it: their email (none for the secret key's saves or a subject without one). */
  author?: string;
  /** The names of the fields this version changed. */
  changed: string[];
}

/** A record and the ETag it was read with (sent back as If-Match on save). */
export interface Loaded {
  record: Row;
  etag?: string;
}

const recordPath = (model: AdminModel, id: string) => `${routeOf(model.id)}/${id}`;

/** The record as the admin edits it (an x-drafts model's working copy) and its ETag. */
export async function loadRecord(model: AdminModel, id: string): Promise<Loaded> {
  let etag: string | undefined;
  const record = await api<Row>(recordPath(model, id), {
    query: readQuery(model),
    onHeaders: (headers) => (etag = headers.get("etag") ?? undefined),
  });
  return { record, etag };
}

/** A record of a published tree that stayed as it was: the caller may not publish it (docs/drafts.md). */
export interface NotPublished {
  model: string;
  id: string;
}

/** POST …/{id}/publish: the record's working copy, and what of its tree the caller may not publish. */
export async function publishRecord(
  model: AdminModel,
  id: string,
  /** A page's reusable blocks' changes: published too, or left as they are (the default). */
  reusable?: "publish" | "keep",
): Promise<{ record: Row; notPublished: NotPublished[]; heldBack: NotPublished[] }> {
  const answer = await api<{ data: Row; notPublished?: NotPublished[]; heldBack?: NotPublished[] }>(
    `${recordPath(model, id)}/publish`,
    { method: "POST", body: reusable ? { reusable } : {}, envelope: true },
  );
  // heldBack: a page's reusable blocks whose changes this publish left as they were (docs/drafts.md).
  return { record: answer.data, notPublished: answer.notPublished ?? [], heldBack: answer.heldBack ?? [] };
}

export const unpublishRecord = (model: AdminModel, id: string) =>
  api<Row>(`${recordPath(model, id)}/unpublish`, { method: "POST", body: {} });

/** PUT …/schedule: a time publishes (or unpublishes) then; `publishAt: null` cancels. */
export const scheduleRecord = (
  model: AdminModel,
  id: string,
  schedule: { publishAt?: string | null; unpublishAt?: string | null },
) => api<Row>(`${recordPath(model, id)}/schedule`, { method: "PUT", body: schedule });

/** A signed link that shows a page as it will look when published (host pages only). */
export const previewUrl = async (model: AdminModel, id: string) =>
  (await api<{ url: string }>(`${recordPath(model, id)}/preview`, { method: "POST", body: {} })).url;

export async function listVersions(model: AdminModel, id: string): Promise<VersionEntry[]> {
  const rows = await api<Row[]>(`${recordPath(model, id)}/versions`);
  return rows.map(versionEntry);
}

/** One version with its snapshot: the record's fields as they were (a tree root's snapshot also holds its tree). */
export async function versionSnapshot(model: AdminModel, id: string, versionId: string): Promise<Row> {
  const version = await api<Row>(`${recordPath(model, id)}/versions/${versionId}`);
  return recordOfSnapshot(version.snapshot);
}

/** What differs from one version to another (`to`: its id) or to the working copy now (common/drafts/version-changes.ts). */
export const compareVersions = async (model: AdminModel, id: string, versionId: string, to: string | "working") =>
  (
    await api<{ changes: VersionChange[] }>(`${recordPath(model, id)}/versions/${versionId}/compare`, {
      query: { to },
    })
  ).changes;

export const restoreVersion = (model: AdminModel, id: string, versionId: string) =>
  api<Row>(`${recordPath(model, id)}/versions/${versionId}/restore`, { method: "POST", body: {} });

/** The server's version summary as the drawer lists it: who made it by their email (the secret key's saves have no subject). */
function versionEntry(row: Row): VersionEntry {
  const subject = row.subject as { id: string; email: string | null } | null | undefined;
  return {
    id: String(row.id),
    kind: String(row.kind),
    createdAt: String(row.createdAt),
    ...(subject ? { author: subject.email ?? undefined } : {}),
    changed: Array.isArray(row.changed) ? row.changed.map(String) : [],
  };
}

/** The record itself out of a version's snapshot, `{ record, tree? }` (a tree root's also holds its tree's rows). */
export function recordOfSnapshot(snapshot: unknown): Row {
  const record = (snapshot as { record?: unknown } | null)?.record;
  return record && typeof record === "object" ? (record as Row) : {};
}

import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { routeOf } from "../data/list-query.js";
import { etagOfRecord } from "../../../common/record-etag.js";
import { ownSave } from "../live/own-saves.js";

type Row = Record<string, any>;

/** A saved record and the ETag the server answered it with, when it sent one. */
export interface Saved {
  record: Row;
  etag?: string;
}

/**
 * Update (PATCH) when the record has an id, otherwise create (POST). With chosen files the body
 * is multipart: a `data` JSON part plus one part per file field. `etag` (what the form loaded) is
 * sent as If-Match, so a record changed meanwhile by someone else answers 412 instead of being
 * overwritten. The state it leaves is this tab's own: the live stream does not warn of it (own-saves.ts).
 */
export function saveRecord(
  model: AdminModel,
  id: string | undefined,
  data: Row,
  files: Map<string, File>,
  etag?: string,
): Promise<Saved> {
  return ownSave(
    () => send(model, id, data, files, etag),
    (saved) => saved.etag ?? etagOfRecord(saved.record),
  );
}

async function send(
  model: AdminModel,
  id: string | undefined,
  data: Row,
  files: Map<string, File>,
  etag?: string,
): Promise<Saved> {
  const path = id ? `${routeOf(model.id)}/${id}` : routeOf(model.id);
  const method = id ? "PATCH" : "POST";
  const headers = id && etag ? { "if-match": etag } : undefined;
  let answered: string | undefined;
  const onHeaders = (h: Headers) => (answered = h.get("etag") ?? undefined);
  let record: Row;
  if (files.size === 0) record = await api<Row>(path, { method, body: data, headers, onHeaders });
  else {
    const form = new FormData();
    const rest = Object.fromEntries(Object.entries(data).filter(([name]) => !files.has(name)));
    form.append("data", JSON.stringify(rest));
    for (const [name, file] of files) form.append(name, file, file.name);
    record = await api<Row>(path, { method, form, headers, onHeaders });
  }
  return { record, etag: answered };
}

import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { routeOf } from "../data/list-query.js";

type Row = Record<string, any>;

/**
 * Update (PATCH) when the record has an id, otherwise create (POST). With chosen files the body
 * is multipart: a `data` JSON part plus one part per file field.
 */
export async function saveRecord(model: AdminModel, id: string | undefined, data: Row, files: Map<string, File>): Promise<Row> {
  const path = id ? `${routeOf(model.id)}/${id}` : routeOf(model.id);
  const method = id ? "PATCH" : "POST";
  if (files.size === 0) return api<Row>(path, { method, body: data });
  const form = new FormData();
  const rest = Object.fromEntries(Object.entries(data).filter(([name]) => !files.has(name)));
  form.append("data", JSON.stringify(rest));
  for (const [name, file] of files) form.append(name, file, file.name);
  return api<Row>(path, { method, form });
}

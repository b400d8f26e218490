import { expect } from "vitest";
import type { Model } from "../../engine/schema/model.js";
import { multipart } from "../helpers/bodies.js";
import type { TestApp } from "../helpers/test-app.js";

/** The raw text of a model's export (with the secret key unless `key` says otherwise). */
export async function exportText(t: TestApp, modelId: string, query = "format=csv", key?: string | null) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/${modelId}/export?${query}`,
    headers: key === null ? {} : { "x-rbac-secret-key": key ?? "test-secret-key" },
  });
  return { status: response.statusCode, text: response.body, headers: response.headers };
}

/** Posts `text` as the file part of an import. */
export async function importFile(t: TestApp, modelId: string, text: string, filename: string, query = "") {
  const type = filename.endsWith(".json") ? "application/json" : "text/csv";
  const body = await multipart(undefined, { file: { name: filename, type, bytes: Buffer.from(text) } });
  return t.request({ method: "POST", url: `/api/${modelId}/import${query ? `?${query}` : ""}`, ...body });
}

/**
 * Models in an order where every model comes after those its foreign keys point at, so importing
 * them one by one never meets a reference to a record not yet there.
 */
export function dependencyOrder(models: Model[]): Model[] {
  const byId = new Map(models.map((m) => [m.id, m]));
  const ordered: Model[] = [];
  const placed = new Set<string>();
  const visit = (model: Model, path: Set<string>) => {
    if (placed.has(model.id) || path.has(model.id)) return;
    path.add(model.id);
    for (const field of model.fields) {
      const target = field.references && byId.get(field.references.model);
      if (target && target !== model) visit(target, path);
    }
    placed.add(model.id);
    ordered.push(model);
  };
  for (const model of models) visit(model, new Set());
  return ordered;
}

/** Records by id, for comparing two exports whatever their order. */
export const byId = (records: Record<string, unknown>[]) => Object.fromEntries(records.map((r) => [r.id as string, r]));

/**
 * A record as an import writes it back: the same, but changed at the import's time (its own
 * updatedAt) and, with DRAFTS=off, published again then.
 */
export const republished = (record: any) => ({
  ...record,
  updatedAt: expect.any(String),
  publication: { ...record.publication, publishedAt: expect.any(String) },
});

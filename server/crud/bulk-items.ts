import { isPlainObject } from "../../engine/query/plain-object.js";
import type { Model } from "../../engine/schema/model.js";

/**
 * Bulk items in the original backend's form, beside our flat one: `[{ data: {…} }]` for create
 * and `[{ id, data: {…} }]` for update become `[{…}]` and `[{ id, …}]`. An item is unwrapped only
 * when it has exactly those keys and `data` is an object; a model with a field named `data`
 * (notification/notifications) keeps the flat form only, where `{ id, data }` already means
 * "set the data field". Anything else passes as it came, for the repository to check.
 */
export function unwrapBulkItems(model: Model, raw: unknown, mode: "create" | "update"): unknown {
  if (!Array.isArray(raw) || model.fieldMap.has("data")) return raw;
  return raw.map((item) => {
    if (!isPlainObject(item) || !isPlainObject(item.data)) return item;
    const keys = Object.keys(item);
    if (mode === "create" && keys.length === 1) return item.data;
    if (mode === "update" && keys.length === 2 && "id" in item) return { ...item.data, id: item.id };
    return item;
  });
}

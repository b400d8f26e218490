import { fieldTypeOf } from "../schema/field-types/index.js";
import type { AdminField, AdminModel } from "./admin-model.js";
import { inputOf } from "./field-input.js";

export interface AdminColumn {
  field: AdminField;
  /** What the API's filters and orderBy name: a language map is read in its default language. */
  column: string;
}

const MAX_COLUMNS = 5;

/** Whether a field fits a table cell: short scalar values, not bodies of text or JSON. */
const showable = (f: AdminField) => {
  const input = inputOf(f);
  return !["json", "rich-text", "rich-text-language-map", "unknown"].includes(input) && f.name !== "id";
};

/** The column the API's filters and orderBy name for a field: its own name, or what its type reads (`title->>en`). */
export const apiColumn = (field: AdminField) => fieldTypeOf(field.kind).admin.column?.(field.name) ?? field.name;

/** The filter bar's choice of columns: every field its type lets be filtered, labelled as its type says. */
export function filterColumns(model: AdminModel): { value: string; label: string }[] {
  return model.fields.flatMap((f) => {
    const label = fieldTypeOf(f.kind).admin.filterLabel;
    return label === false ? [] : [{ value: apiColumn(f), label: label ? label(f.label) : f.label }];
  });
}

/**
 * The table's columns, chosen from the schema: the naming field, the foreign keys of a relation,
 * then the model's own scalar fields, then the shared content ones, then the creation time.
 */
export function tableColumns(model: AdminModel): AdminColumn[] {
  const byName = (name: string) => model.fields.find((f) => f.name === name);
  const common = new Set(["variant", "className", "createdAt", "updatedAt", "orderIndex"]);
  const picked: AdminField[] = [];
  const add = (f: AdminField | undefined) => {
    if (f && !picked.includes(f) && picked.length < MAX_COLUMNS - 1) picked.push(f);
  };
  add(byName(model.labelField));
  model.fields.filter((f) => f.references).forEach(add);
  // The entity's own fields say more about a row than the shared content fields do.
  const shared = new Set(["slug", "title", "subtitle", "description"]);
  model.fields.filter((f) => showable(f) && !common.has(f.name) && !shared.has(f.name)).forEach(add);
  model.fields.filter((f) => showable(f) && shared.has(f.name)).forEach(add);
  if (model.ordered) add(byName("orderIndex"));
  add(byName("variant"));
  const created = byName("createdAt");
  const columns = created ? [...picked, created] : picked;
  return columns.map((field) => ({ field, column: apiColumn(field) }));
}

/** The column the search box filters with `ilike`: the naming field (its English text for a map). */
export function searchColumn(model: AdminModel): string | undefined {
  const field = model.fields.find((f) => f.name === model.labelField);
  if (!field || !fieldTypeOf(field.kind).admin.naming) return undefined;
  return apiColumn(field);
}

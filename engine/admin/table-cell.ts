import type { CellType } from "../schema/field-types/field-type.js";
import { fieldTypeOf } from "../schema/field-types/index.js";
import type { AdminField } from "./admin-model.js";
import { inputOf } from "./field-input.js";

export type { CellType };

/**
 * How a table cell shows the field's value (web/admin/table/cell-value.tsx draws it): the input
 * decides first (a checkbox is a yes/no badge, a reference its record's name), then the type.
 */
export function cellOf(field: AdminField): CellType {
  const input = inputOf(field);
  if (input === "checkbox") return "yes-no";
  if (input === "date-time") return "date-time";
  if (input === "reference") return "reference";
  if (input === "postal-address") return "postal-address";
  if (input === "file") return "file";
  if (field.choices) return "choice";
  return fieldTypeOf(field.kind).admin.cell;
}

import type { FieldKind } from "../schema/model.js";
import { decimalFromNumber, isDecimal } from "./decimal.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INT4 = 2 ** 31;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/**
 * A filter value (a query-string text or a JSON value) as the column's type, or undefined when it
 * cannot be one: the caller turns that into a 400 instead of letting the database fail.
 */
export function coerce(kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case "uuid":
      return isUuid(value) ? value : undefined;
    case "string":
      return typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
    case "integer": {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      return Number.isInteger(n) && Math.abs(n) < INT4 ? n : undefined;
    }
    case "number": {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      return Number.isFinite(n) ? n : undefined;
    }
    case "decimal":
      // A JSON number only when its shortest text is the exact decimal written (decimal.ts).
      if (typeof value === "number") return decimalFromNumber(value);
      return isDecimal(value) ? value : undefined;
    case "boolean":
      return value === true || value === "true" ? true : value === false || value === "false" ? false : undefined;
    case "datetime": {
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
    }
    case "date":
      return typeof value === "string" && DATE.test(value) && !Number.isNaN(new Date(value).getTime()) ? value : undefined;
    case "json":
    case "language-map": {
      if (typeof value !== "string") return value === undefined ? undefined : JSON.stringify(value);
      try {
        JSON.parse(value);
        return value;
      } catch {
        return undefined;
      }
    }
  }
}

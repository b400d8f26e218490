import { AppError, validationError } from "../errors.js";
import type { Model } from "../schema/model.js";

export type ConstraintIndex = Map<string, { model: Model; field: string }>;

/**
 * Database failures that are the client's doing become 4xx errors naming the field:
 * unique → 409, missing foreign key, bad value, value out of range → 400.
 * Anything else is rethrown as it is (a real 500).
 */
export function mapDatabaseError(error: unknown, constraints: ConstraintIndex, operation: "write" | "delete" = "write"): unknown {
  const e = error as { code?: string; constraint?: string; column?: string; message?: string };
  if (typeof e?.code !== "string") return error;
  const field = (e.constraint && constraints.get(e.constraint)?.field) || e.column;
  const path = field ? `/${field}` : "/";
  switch (e.code) {
    case "23505":
      return new AppError("CONFLICT", `${path} is already taken`, [{ path, message: "is already taken" }]);
    case "23503": {
      if (operation === "delete") {
        return new AppError("CONFLICT", `the record is still referenced by ${field ?? "another record"}`, [{ path, message: "still references this record" }]);
      }
      const target = e.constraint ? constraints.get(e.constraint) : undefined;
      const ref = target?.model.fieldMap.get(target.field)?.references?.model;
      const message = `references a missing ${ref ?? "record"}`;
      return validationError(`${path} ${message}`, [{ path, message }]);
    }
    case "23502":
      return validationError(`${path} is required`, [{ path, message: "is required" }]);
    case "23514":
      return validationError(`${path} has a value the database does not accept`, [{ path, message: "is not an allowed value" }]);
    case "54000":
      return validationError(`a value is too large to store: ${e.message}`, [{ path, message: "is too large" }]);
  }
  // Class 22: data exceptions (bad text for a type, out of range, NUL bytes in text…).
  if (e.code.startsWith("22")) return validationError(e.message ?? "invalid value", [{ path, message: e.message ?? "is invalid" }]);
  return error;
}

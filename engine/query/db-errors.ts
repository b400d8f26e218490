import { AppError, validationError } from "../errors.js";
import type { Model } from "../schema/model.js";

export type ConstraintIndex = Map<string, { model: Model; field: string }>;

/**
 * Database failures that are the client's doing become 4xx errors naming the field:
 * unique → 409, missing foreign key, bad value, value out of range → 400.
 * Anything else is rethrown as it is (a real 500).
 */
export function mapDatabaseError(
  error: unknown,
  constraints: ConstraintIndex,
  operation: "write" | "delete" = "write",
): unknown {
  const e = error as { code?: string; constraint?: string; column?: string; message?: string };
  if (typeof e?.code !== "string") return error;
  const field = (e.constraint && constraints.get(e.constraint)?.field) || e.column;
  const path = field ? `/${field}` : "/";
  switch (e.code) {
    case "23505":
      return new AppError("CONFLICT", `${path} is already taken`, [{ path, message: "is already taken" }]);
    case "23503": {
      if (operation === "delete") {
        return new AppError("CONFLICT", `the record is still referenced by ${field ?? "another record"}`, [
          { path, message: "still references this record" },
        ]);
      }
      const target = e.constraint ? constraints.get(e.constraint) : undefined;
      const ref = target?.model.fieldMap.get(target.field)?.references?.model;
      const message = `references a missing ${ref ?? "record"}`;
      return validationError(`${path} ${message}`, [{ path, message }]);
    }
    case "23502":
      return validationError(`${path} is required`, [{ path, message: "is required" }]);
    case "23514":
      return validationError(`${path} has a value the database does not accept`, [
        { path, message: "is not an allowed value" },
      ]);
    case "54000": {
      // "index row size … exceeds … for index "x"": the field is named from the index, never the message.
      const index = /for index "([^"]+)"/.exec(e.message ?? "")?.[1];
      const indexed = index ? constraints.get(index)?.field : undefined;
      const where = indexed ? `/${indexed}` : path;
      return validationError(`${where} is too large to store`, [{ path: where, message: "is too large to store" }]);
    }
  }
  // Class 22: data exceptions (bad text for a type, out of range, NUL bytes in text…), told by
  // their rule: the database's own message names types and encodings, not the request.
  if (e.code.startsWith("22")) {
    const message = DATA_EXCEPTIONS[e.code] ?? "is not a valid value";
    return validationError(`${path} ${message}`, [{ path, message }]);
  }
  return error;
}

const DATA_EXCEPTIONS: Record<string, string> = {
  "22001": "is too long",
  "22003": "is out of range",
  "22007": "is not a valid date or time",
  "22008": "is not a valid date or time",
  "22021": "holds a character that cannot be stored (such as NUL)",
  "22P05": "holds a character that cannot be stored (such as NUL)",
  "22P02": "is not a valid value",
  "22023": "is not a valid value",
};

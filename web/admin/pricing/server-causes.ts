import { ApiError } from "../../api/client.js";

/**
 * A refused save's causes (`[{ path: "/amount", message }]`, docs/api.md "Errors") on the form's
 * fields: "/title/en" on that language's title, "/countries/1" on the countries, any other path
 * on its first field when the form has one so named. A cause of no field of the form goes in
 * `form`, shown above the fields; a refusal without causes is told by the save's state alone.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const cause of error.cause) {
    const [first = "", second] = (cause.path ?? "").split("/").filter(Boolean);
    const key = first === "title" && second ? `title.${second}` : first;
    if (fields.includes(first)) errors[key] ??= cause.message;
    else errors.form ??= cause.path && cause.path !== "/" ? `${cause.path}: ${cause.message}` : cause.message;
  }
  return errors;
}

/** Whether a save was refused because a unique value is taken (409): a discount code that exists in any case. */
export const isTaken = (error: unknown) => error instanceof ApiError && error.status === 409;

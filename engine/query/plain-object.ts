/**
 * A JSON object as a request body or filter names it: not null, not an array. One copy for the
 * generic routes, the filters and every module's `{ data: {…} }` input (it was written three
 * times); pure, so it lives in engine/ where server/ and web/ may both import it.
 */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

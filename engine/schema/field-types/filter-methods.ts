// The filter language's methods (docs/api.md), and the sets of them field types allow. Kept apart
// from engine/query/list-query.ts so a field type (and the admin in the browser) can name them
// without loading the query parser.
export const filterMethods = [
  "eq",
  "ne",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "notLike",
  "notIlike",
  "inArray",
  "notInArray",
  "isNull",
  "isNotNull",
] as const;
export type FilterMethod = (typeof filterMethods)[number];

export const likeMethods: readonly FilterMethod[] = ["like", "ilike", "notLike", "notIlike"];

/** Every method: text compares, orders and matches patterns. */
export const textMethods: readonly FilterMethod[] = filterMethods;
/** Everything but pattern matching: numbers, times, booleans. */
export const orderedMethods: readonly FilterMethod[] = filterMethods.filter((m) => !likeMethods.includes(m));
/** A whole JSON value is only equal or not (a key inside it, `title->>en`, is text). */
export const jsonMethods: readonly FilterMethod[] = ["eq", "ne", "isNull", "isNotNull"];

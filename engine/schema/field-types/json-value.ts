import { jsonMethods, type FilterMethod } from "./filter-methods.js";

const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;

/** What a JSON column shares, the plain one and the language map alike. */
export const jsonColumn = {
  column: "jsonb",
  sqlDefault: (value: unknown) => `${literal(JSON.stringify(value))}::jsonb`,
  coerce(value: unknown): unknown {
    if (typeof value !== "string") return value === undefined ? undefined : JSON.stringify(value);
    try {
      JSON.parse(value);
      return value;
    } catch {
      return undefined;
    }
  },
  filters: {
    methods: jsonMethods,
    refusal: (method: FilterMethod, column: string) =>
      `${method} does not apply to the JSON column ${column}; compare a key such as ${column}->>en`,
    keys: true,
    comparesAsJson: true,
  },
  bind: (value: unknown) => JSON.stringify(value),
} as const;

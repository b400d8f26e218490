import type { FieldType } from "./field-type.js";
import { textMethods } from "./filter-methods.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** An id, and a foreign key (x-references) or a loose pointer (x-references-model). */
export const uuidType: FieldType = {
  kind: "uuid",
  matches: (schema) => schema.type === "string" && schema.format === "uuid",
  formats: ["uuid"],
  column: "uuid",
  keywords: ["x-references", "x-references-model"],
  coerce: (value) => (isUuid(value) ? value : undefined),
  filters: {
    methods: textMethods,
    likeAsText: true,
    neverEquals: (raw) => typeof raw === "string" && !isUuid(raw),
  },
  write: { narrow: (schema) => ({ ...schema, pattern: UUID_PATTERN }) },
  admin: { input: "text", cell: "text" },
};

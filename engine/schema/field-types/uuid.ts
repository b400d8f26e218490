import type { FieldType } from "./field-type.js";
import { textMethods } from "./filter-methods.js";
import type { Arbitrary } from "fast-check";
import type { ExampleTools } from "./field-examples.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** Texts that are no uuid as the routes read one: near misses, other spellings, junk. */
export function malformedUuidArb({ fc }: ExampleTools): Arbitrary<string> {
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !UUID.test(s)),
    fc
      .uuid()
      .chain((u) =>
        fc.constantFrom(
          u.slice(1),
          `${u}0`,
          u.replace(/-/g, ""),
          `{${u}}`,
          `urn:uuid:${u}`,
          u.replace(/[0-9a-f]$/, "g"),
          ` ${u}`,
          `${u}\n`,
          u.replace(/-/g, "_"),
        ),
      ),
    fc.constantFrom("", "null", "0", "-1", "00000000-0000-0000-0000-00000000000", "'; drop table x; --", "%00"),
  );
}

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
  examples: {
    valid: () => globalThis.crypto.randomUUID(),
    invalid: () => [
      42,
      true,
      {},
      [],
      [1, 2],
      "not-a-uuid",
      "123e4567-e89b-12d3-a456-42661417400",
      "123e4567e89b12d3a456426614174000x",
    ],
    arbitrary: (_field, { fc }) => fc.uuid(),
    invalidArbitrary: (_field, tools) => malformedUuidArb(tools),
  },
};

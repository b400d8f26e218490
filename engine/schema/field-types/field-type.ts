import type { Generator, JsonSchema } from "../model.js";
import type { FieldExamples } from "./field-examples.js";
import type { FilterMethod } from "./filter-methods.js";

/**
 * One kind of field, after PocketBase's core/field_*.go: everything the engine, the API and the
 * admin do differently for it, in one object. The list in ./index.ts names every type once; a
 * consumer asks the field's type (fieldTypeOf(field.kind)) instead of switching on the kind.
 * Types are plain data and pure functions: the admin's browser bundle imports them too.
 */
export interface FieldType {
  /** The name fields of this type carry (`Field.kind`, the admin descriptor's `kind`). */
  kind: string;
  /** Whether a property schema (after $ref resolution) is of this type; the list's order breaks ties. */
  matches(schema: JsonSchema): boolean;
  /** The `format` values this type answers to, which a schema file may therefore name. */
  formats?: readonly string[];
  /** The PostgreSQL column type. */
  column: string;
  /** The column default for a schema `default` (SQL text); a quoted literal when absent. */
  sqlDefault?(value: unknown): string;
  /** x- keywords and x-default generators that make sense on this type only (build-field checks them). */
  keywords?: readonly (KindKeyword | Generator)[];

  /**
   * A filter value (query-string text or a JSON value) as the column's type, or undefined when
   * it cannot be one: the caller turns that into a 400 rather than let the database fail.
   */
  coerce(value: unknown): unknown;
  filters: FilterRules;

  /** How a write of this type is checked and bound, where that differs from the schema alone. */
  write?: WriteRules;

  /** The trigram index expressions of an x-search field (suffix, SQL expression); the column itself when absent. */
  searchExpressions?(quotedName: string): [string, string][];
  /**
   * The field's text in one language as SQL over the quoted column (`"title"->>'en'`), for the
   * full-text index of a weighted x-search field (engine/sql/search-vector.ts); the column itself when absent.
   */
  textIn?(quotedName: string, language: string): string;

  admin: AdminRules;

  /**
   * How a column of another type becomes this type's, by the old column type (SQL over the quoted
   * column): the migration's `USING`, where a plain cast would not keep the values as this type
   * reads them. A field of a type with conversions names its kind in the schema snapshot.
   */
  conversions?: Record<string, (column: string) => string>;

  /** The property's schema in the OpenAPI document and the generated types, after the x- keywords are dropped. */
  openApi?(schema: JsonSchema): JsonSchema;

  /**
   * Values for the tests, which derive every case of a field from its type and never switch on
   * the kind: a valid value (tests/helpers/build-record.ts), wrong ones and generators
   * (tests/helpers/arbitraries/), each type's own test (tests/engine/field-types/<file>.test.ts).
   */
  examples: FieldExamples;
}

/** x- keywords a type must allow before a schema may put them on its fields. */
export type KindKeyword = "x-search" | "x-references" | "x-references-model" | "x-on-update";

export interface FilterRules {
  /** The methods a condition on the whole column may use (isNull and isNotNull always apply). */
  methods: readonly FilterMethod[];
  /** The 400's message for a method not in `methods`; a generic one when absent. */
  refusal?(method: FilterMethod, column: string): string;
  /** Keys inside the value may be compared as text: `title->>en`. */
  keys?: boolean;
  /** A whole value is compared as jsonb, so `{"en":"a"}` equals `{ "en": "a" }`. */
  comparesAsJson?: boolean;
  /** Pattern methods compare the column's text (`"id"::text like …`). */
  likeAsText?: boolean;
  /** Pattern methods on the whole column compare the value's plain text when it is a JSON string (a text-or-language-map written as a string); a map's texts are reached by key. */
  likeAsJsonString?: boolean;
  /**
   * A value no row can hold, though it is of the right JSON type (a text that is no uuid, as the
   * original client sends a slug in an id filter): eq matches nothing, ne every non-null value,
   * and a list leaves it out, rather than a 400.
   */
  neverEquals?(raw: unknown): boolean;
}

export type WriteProblem = { message: string };

export interface WriteRules {
  /** An optional field sent as "" (a cleared form input) is written as null. */
  emptyIsNull?: boolean;
  /** A value other than null or undefined, made into the stored form, or the cause to refuse it with. */
  normalise?(value: unknown): { value: unknown } | WriteProblem;
  /** The write schema narrowed to what the column can hold, so the database never has to refuse a value. */
  narrow?(schema: JsonSchema): JsonSchema;
  /** Behind a unique or plain index the text must fit an index entry (json-limits.ts). */
  indexedText?: boolean;
  /** The value as the driver binds it (JSON columns take JSON text). */
  bind?(value: unknown): unknown;
  /** Ajv formats this type defines (pattern), and the cause a value failing one gets. */
  ajvFormats?: Record<string, { pattern: RegExp; message: string }>;
}

/** The table cell of a value: how cell-value.tsx shows it. */
export type CellType =
  | "text"
  | "yes-no"
  | "choice"
  | "date-time"
  | "reference"
  | "language-text"
  | "postal-address"
  | "file"
  | (string & {});

/** The admin field a type's admin rules read (engine/admin/admin-model.ts's AdminField). */
export interface AdminFieldFacts {
  name: string;
  label: string;
  input?: string;
}

export interface AdminRules {
  /** The form input when no x-input hint, reference or enum decides (field-input.ts). */
  input: string;
  /** An input this type chooses before the hints do (a language map is always edited per language). */
  inputBeforeHints?(field: AdminFieldFacts): string | undefined;
  /** The table cell; a checkbox, reference or date-time input decides it first (table-cell.ts). */
  cell: CellType;
  /** The column the admin's table, sort and filters name: a language map is read in English. */
  column?(name: string): string;
  /** The filter bar's label for it; false: not offered there. */
  filterLabel?: ((label: string) => string) | false;
  /** Whether a record may be named by it (selects, the table's search box). "text": also the fallback naming field. */
  naming?: "text" | "translated";
  /** Whether the property schema's title is the field's own (not the title of a shared $ref def). */
  schemaTitle?: boolean;
}

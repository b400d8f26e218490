// The model registry's vocabulary: what the engine knows about an entity after loading its schema.
export type JsonSchema = Record<string, any>;

/** A PostgreSQL column type ("uuid", "text", "jsonb", …): the field type's `column`. */
export type ColumnType = string;

/**
 * The field's type by name ("string", "decimal", "language-map", …): how its value behaves in
 * filters, coercion, writes and forms lives in that type's object (field-types/, fieldTypeOf).
 */
export type FieldKind = string;

/** A weighted field's part of a record's rank (ts_rank_cd's weights: A counts most). */
export type SearchWeight = "A" | "B" | "C";

export type Generator = "uuid" | "now" | "slug" | "admin-title";

export interface Reference {
  model: string;
  onDelete: "cascade" | "set null" | "restrict";
}

export interface Field {
  name: string;
  /** The property's schema after $ref resolution, as Ajv and forms see it. */
  schema: JsonSchema;
  kind: FieldKind;
  column: ColumnType;
  /** NOT NULL in the table. */
  required: boolean;
  /** JSON default (also the column default). */
  default?: unknown;
  generated?: Generator;
  onUpdate?: "now";
  unique: boolean;
  index: boolean;
  /** x-search: a trigram index, so `ilike '%text%'` stays an index look-up in a large table. */
  search: boolean;
  /**
   * x-search "A" (title), "B" (short description) or "C" (body): the field's weight in the model's
   * full-text index for visitors' search (engine/sql/search-vector.ts); it has the trigram index too.
   */
  searchWeight?: SearchWeight;
  hidden: boolean;
  readOnly: boolean;
  references?: Reference;
  /** x-references-model: the model a uuid points at, named by another field ("{externalModule}/widgets"); no foreign key. */
  referencesModel?: string;
  enum?: string[];
  /** x-enum-from: `enum` came from a list the server named at start-up, so the table has no CHECK for it. */
  enumFrom?: string;
  input?: string;
  /** x-title: the field's label in other languages than English ({ ru: "Краткое описание" }); English is derived (engine/admin/admin-model.ts). */
  titles: Readonly<Record<string, string>>;
  /**
   * x-enum-titles: each enum value as people read it, per language ({ one_off: { en: "One-off",
   * ru: "Разовый" } }); a value without one is shown as its words ("one_off" → "One off").
   */
  enumTitles?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface Model {
  /** "{module}/{entity}", the schema's $id. */
  id: string;
  module: string;
  /** Entity or relation name, kebab-case plural: "stores-to-products". */
  name: string;
  /** Singular human name: "Store to product". */
  title: string;
  /** x-title: the title in other languages than English ({ ru: "Товар" }). */
  titles: Readonly<Record<string, string>>;
  description?: string;
  kind: "entity" | "relation";
  table: string;
  /** Path of the schema file, for messages. */
  file: string;
  fields: Field[];
  fieldMap: Map<string, Field>;
  embed: string[];
  /** Kept out of the generic routes, OpenAPI and the admin: a module's own storage (tokens, outbox). */
  internal: boolean;
  /** Default access the permission seed grants (x-access): who may read the model's records. */
  access: { read?: "public" | "signed-in" };
  /** Sets of fields unique together (x-unique-together), e.g. an identity's provider and email. */
  uniqueTogether: string[][];
  /** Default list order. */
  defaultOrder: { column: string; direction: "asc" | "desc" }[];
  /** A relation marked `x-owned`: its child (the second foreign key) exists only through it. */
  ownsChild: boolean;
  /** Records deleted with a record of this model (x-owned relations), filled by the registry. */
  owned: OwnedRecords[];
  /** x-drafts: saves change the working copy (this table); visitors read `published`. */
  drafts: boolean;
  /** For an x-drafts model: its published copy's table, as a model of its own (published-model.ts). */
  published?: Model;
}

/**
 * Records that belong to another: the rows of `childTable` whose ids `link.childKey` holds, in
 * the `link` rows whose `matchKey` equals the deleted record's id (its parent key, or `id` when
 * the deleted record is the link itself).
 */
export interface OwnedRecords {
  link: { model: string; table: string; matchKey: string; childKey: string };
  child: { model: string; table: string };
}

export const defaultLanguage = "en";

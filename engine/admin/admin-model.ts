import { fieldTypeOf } from "../schema/field-types/index.js";
import type { FieldKind, Model } from "../schema/model.js";
import type { Registry } from "../schema/registry.js";
import { LANGUAGES } from "../schema/languages.js";

/**
 * What the admin needs to know about one model to generate its table, form and sub-tables,
 * derived from the registry alone (no per-entity code). Sent to the browser by
 * GET /api/admin/models, so it is plain JSON.
 */
export interface AdminField {
  name: string;
  /** Human label: the property's title, else the name in words ("shortDescription" → "Short description"). */
  label: string;
  /**
   * The label per language: `en` is `label`, the others the schema's x-title ({ en, ru }). The
   * admin shows its own language's (web/admin/data/models-context.tsx), else `label`.
   */
  labels: Record<string, string>;
  kind: FieldKind;
  /** x-input hint (rich-text, file, date-time, select, textarea, postal-address). */
  input?: string;
  required: boolean;
  /** Server-maintained (id, createdAt, updatedAt): shown, never edited. */
  readOnly: boolean;
  /** Filled by the server when absent (x-default or default), so the form may leave it empty. */
  hasDefault: boolean;
  default?: unknown;
  enum?: string[];
  /**
   * An enum's values as people read them, by language then value: the schema's x-enum-titles,
   * else the value in words ("one_off" → "One off"). The admin shows its language's (`choices`).
   */
  enumLabels?: Record<string, Record<string, string>>;
  /** The enum's values in the language shown: English as answered, the admin's once swapped (web/admin/data/models-in-language.ts). */
  choices?: Record<string, string>;
  pattern?: string;
  /** Model id a foreign key points to. */
  references?: string;
  /** The model id as a template over another field ("{externalModule}/widgets"): the choice follows that field. */
  referencesModel?: string;
  /** A language map's languages (the LANGUAGES setting when the answer was made): one input each. */
  languages?: string[];
}

/** A relation sub-table inside a host form: rows whose `parentKey` is the host's id. */
export interface AdminEmbed {
  relation: string;
  /** The relation's foreign key pointing at the host model. */
  parentKey: string;
  /** The other foreign key: the related record chosen through a select. */
  childKey: string;
  /** The related model's id, or its template over a field of the row ("{externalModule}/widgets"). */
  childModel: string;
}

export interface AdminModel {
  id: string;
  module: string;
  name: string;
  title: string;
  /** The title per language: `en` is `title`, the others the schema's x-title ({ en: "Product", ru: "Товар" }). */
  titles: Record<string, string>;
  kind: "entity" | "relation";
  fields: AdminField[];
  embeds: AdminEmbed[];
  /** The field a record is named by in selects, and searched by the table's search box. */
  labelField: string;
  /** Whether the model has orderIndex (relations), for reordering. */
  ordered: boolean;
  /**
   * x-drafts with drafts on (DRAFTS): the admin reads working copies (`draft=true`), shows each
   * record's publication state and offers Save draft, Publish, Schedule and History. False with
   * DRAFTS=off, where every save publishes and the form is a plain Save.
   */
  drafts: boolean;
  /**
   * The variants the site's registry knows for this model (web/site/variants.ts), which the form's
   * `variant` field offers; empty when the site renders none. Another name may still be typed.
   */
  variants: string[];
}

const words = (name: string) => {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** A value's words: "one_off" → "One off", "free-shipping" → "Free shipping". */
const valueWords = (value: string) => words(value.replace(/[_-]+/g, " "));

/** Each language's names of the enum's values: its x-enum-titles, English else the value's words. */
function enumLabelsOf(field: Model["fields"][number]): Record<string, Record<string, string>> | undefined {
  // A list the server names at start-up (x-enum-from: input types, providers, languages) is shown as its values.
  if (!field.enum || field.enumFrom) return undefined;
  const titles = field.enumTitles ?? {};
  const inLanguage = (language: string) =>
    Object.fromEntries(
      field.enum!.map((value) => [value, titles[value]?.[language] ?? titles[value]?.en ?? valueWords(value)]),
    );
  return Object.fromEntries(["en", ...LANGUAGES.filter((l) => l !== "en")].map((l) => [l, inLanguage(l)]));
}

const LABEL_CANDIDATES = ["adminTitle", "title", "slug", "uid", "email", "name", "url", "sku"];

/** The field that names a record: the first of the usual naming fields the model has, else its id. */
export function labelFieldOf(model: Model): string {
  const visible = model.fields.filter((f) => !f.hidden);
  const naming = (f: Model["fields"][number]) => fieldTypeOf(f.kind).admin.naming;
  const named = LABEL_CANDIDATES.find((name) => visible.some((f) => f.name === name && naming(f) !== undefined));
  if (named) return named;
  return visible.find((f) => naming(f) === "text" && !f.references)?.name ?? "id";
}

export function adminField(field: Model["fields"][number]): AdminField {
  // A foreign key is named after what it points to: "productId" → "Product".
  const label =
    typeof field.schema.title === "string" && fieldTypeOf(field.kind).admin.schemaTitle !== false
      ? field.schema.title
      : words(field.references || field.referencesModel ? field.name.replace(/Id$/, "") : field.name);
  return {
    name: field.name,
    label,
    labels: { ...field.titles, en: label },
    kind: field.kind,
    input: field.input,
    required: field.required,
    readOnly: field.readOnly,
    hasDefault: field.default !== undefined || field.generated !== undefined,
    default: field.default,
    enum: field.enum,
    ...(field.enum && !field.enumFrom ? { enumLabels: enumLabelsOf(field), choices: enumLabelsOf(field)!.en } : {}),
    pattern: field.schema.pattern,
    references: field.references?.model,
    referencesModel: field.referencesModel,
    ...(fieldTypeOf(field.kind).admin.input === "language-map" ? { languages: [...LANGUAGES] } : {}),
  };
}

/**
 * A relation embedded in `host`: the foreign key pointing at the host is the parent side; the
 * other is the related record. Schemas name the parent first, so when both point at the host
 * (a self relation) the first is the parent.
 */
export function embedOf(host: Model, relation: Model): AdminEmbed | undefined {
  // A child chosen by a templated model (host widgets' "{externalModule}/widgets") is a key too:
  // without it the host-widget form had no sub-table for its external widget.
  const keys = relation.fields.filter((f) => f.references || f.referencesModel);
  const parent = keys.find((f) => f.references?.model === host.id);
  const child = keys.find((f) => f !== parent);
  if (!parent || !child) return undefined;
  return {
    relation: relation.id,
    parentKey: parent.name,
    childKey: child.name,
    childModel: child.references?.model ?? child.referencesModel!,
  };
}

export function adminModel(model: Model, registry: Registry, options: AdminModelOptions = {}): AdminModel {
  const embeds = model.embed
    .map((id) => registry.find(id))
    .filter((relation): relation is Model => Boolean(relation && !relation.internal))
    .map((relation) => embedOf(model, relation))
    .filter((embed): embed is AdminEmbed => Boolean(embed));
  return {
    id: model.id,
    module: model.module,
    name: model.name,
    title: model.title,
    titles: { ...model.titles, en: model.title },
    kind: model.kind,
    fields: model.fields.filter((f) => !f.hidden).map(adminField),
    embeds,
    labelField: labelFieldOf(model),
    ordered: model.fieldMap.has("orderIndex"),
    drafts: model.drafts && options.drafts !== false,
    variants: [...(options.variants?.[model.id] ?? [])],
  };
}

export interface AdminModelOptions {
  /** The DRAFTS setting: off, no model is drafted for the admin. */
  drafts?: boolean;
  /** The site's variant names per model id (the server reads web/site/variants.ts; engine/ imports nothing from web/). */
  variants?: Readonly<Record<string, readonly string[]>>;
}

/** Every model with admin screens (the exposed ones), in the registry's order. */
export const adminModels = (registry: Registry, options: AdminModelOptions = {}): AdminModel[] =>
  registry.exposed.map((m) => adminModel(m, registry, options));

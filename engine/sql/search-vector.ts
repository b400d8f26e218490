import { fieldTypeOf } from "../schema/field-types/index.js";
import type { Field, Model, SearchWeight } from "../schema/model.js";
import { identifier, quote } from "./identifiers.js";

// The site search's full-text expressions (docs/search.md). The index (snapshot.ts) and the query
// (server/modules/search/) are both built here: PostgreSQL uses an expression index only for the
// very same expression, so one function writes it for both.

/**
 * PostgreSQL's text search configurations by primary language subtag ("pt-BR" → portuguese):
 * those every supported PostgreSQL (13 and later) and PGlite ship. A language without one is
 * searched with `simple` (lower-cased words, no stemming).
 */
const CONFIGURATIONS: Record<string, string> = {
  ar: "arabic",
  da: "danish",
  de: "german",
  el: "greek",
  en: "english",
  es: "spanish",
  fi: "finnish",
  fr: "french",
  ga: "irish",
  hu: "hungarian",
  id: "indonesian",
  it: "italian",
  lt: "lithuanian",
  nb: "norwegian",
  ne: "nepali",
  nl: "dutch",
  nn: "norwegian",
  no: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
};

/** The text search configuration a language's texts are parsed and stemmed with. */
export const textSearchConfig = (language: string): string =>
  CONFIGURATIONS[language.split("-")[0]!.toLowerCase()] ?? "simple";

/** The fields of a model that visitors' search reads (x-search "A", "B" or "C"), A first. */
export function weightedFields(model: Model): Field[] {
  return model.fields.filter((f) => f.searchWeight).sort((a, b) => a.searchWeight!.localeCompare(b.searchWeight!));
}

/** Whether the model has a full-text index (a weighted field). */
export const isSearched = (model: Model): boolean => model.fields.some((f) => f.searchWeight);

/** A column, qualified by a table alias when the statement joins several tables. */
const column = (field: Field, alias?: string) => (alias ? `${quote(alias)}.${quote(field.name)}` : quote(field.name));

/** A rich-text field's markup taken out (IMMUTABLE, so an index may hold it): tags become spaces. */
const withoutTags = (text: string) => `regexp_replace(${text}, '<[^>]*>', ' ', 'g')`;

/**
 * How much of one field's text is indexed: a tsvector holds at most 1 MB, and a write whose text
 * would make a larger one fails. 60,000 characters of three fields stay well below, in any script.
 */
export const INDEXED_CHARACTERS = 60_000;

/** A field's text in one language, '' when it has none; a rich text without its tags. */
export function fieldText(field: Field, language: string, alias?: string): string {
  const own = fieldTypeOf(field.kind).textIn;
  const text = `coalesce(${own ? own(column(field, alias), language) : column(field, alias)}, '')`;
  return field.input === "rich-text" ? withoutTags(text) : text;
}

/**
 * The model's weighted document in one language:
 * `setweight(to_tsvector('english'::regconfig, coalesce(("title"->>'en'), '')), 'A') || …`.
 * Undefined for a model without weighted fields.
 */
export function searchVector(model: Model, language: string, alias?: string): string | undefined {
  const fields = weightedFields(model);
  if (fields.length === 0) return undefined;
  const config = `'${textSearchConfig(language)}'::regconfig`;
  const part = (field: Field) =>
    `setweight(to_tsvector(${config}, left(${fieldText(field, language, alias)}, ${INDEXED_CHARACTERS})), '${field.searchWeight as SearchWeight}')`;
  return fields.map(part).join(" || ");
}

/** The name of a model's full-text index in one language. */
export const searchIndexName = (model: Model, language: string) => identifier(`${model.table}_search_${language}_fts`);

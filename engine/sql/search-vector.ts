import { fieldTypeOf } from "../schema/field-types/index.js";
import { INDEXED_LANGUAGES } from "../schema/languages.js";
import type { Field, Model, SearchWeight } from "../schema/model.js";
import { identifier, quote } from "./identifiers.js";

// The site search's full-text expressions (docs/search.md). The index (snapshot.ts) and the query
// (server/search/) are both built here: PostgreSQL uses an expression index only for the
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

/**
 * A rich text as the editor stores it (server/seed/rich-text.ts): the JSON text of a tiptap
 * document, or plain text (older values, imports; HTML tags taken out). Whether it is a document
 * is told by its start and end, so a text that is not one is never cast (the cast would fail the write).
 */
const isDocument = (text: string) => `${text} LIKE '{"type":"doc"%}'`;
/** Every `text` value of a document: text nodes and copyText atoms' attrs. */
const DOCUMENT_TEXTS = `'strict $.**.text'`;
const withoutTags = (text: string) => `regexp_replace(${text}, '<[^>]*>', ' ', 'g')`;

/**
 * A rich text's words (IMMUTABLE, so an index may hold it): a document's texts as a JSON array's
 * text, whose brackets and quotes the parser skips; plain text without its tags.
 */
const richTextWords = (text: string) =>
  `(CASE WHEN ${isDocument(text)} THEN jsonb_path_query_array((${text})::jsonb, ${DOCUMENT_TEXTS})::text ` +
  `ELSE ${withoutTags(text)} END)`;

/** A rich text as a reader sees it, for snippets (not indexed): a document's texts joined by spaces. */
export const richTextShown = (text: string) =>
  `(CASE WHEN ${isDocument(text)} THEN (SELECT string_agg("v" #>> '{}', ' ') FROM jsonb_path_query((${text})::jsonb, ${DOCUMENT_TEXTS}) AS "v") ` +
  `ELSE ${withoutTags(text)} END)`;

/**
 * How much of one field's text is indexed: a tsvector holds at most 1 MB, and a write whose text
 * would make a larger one fails. 60,000 characters of three fields stay well below, in any script.
 */
export const INDEXED_CHARACTERS = 60_000;

/** A field's text in one language as stored, '' when it has none. */
export function fieldText(field: Field, language: string, alias?: string): string {
  const own = fieldTypeOf(field.kind).textIn;
  return `coalesce(${own ? own(column(field, alias), language) : column(field, alias)}, '')`;
}

/** A field's words in one language: a rich text's words only (richTextWords). */
const fieldWords = (field: Field, language: string, alias?: string) =>
  field.input === "rich-text" ? richTextWords(fieldText(field, language, alias)) : fieldText(field, language, alias);

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
    `setweight(to_tsvector(${config}, left(${fieldWords(field, language, alias)}, ${INDEXED_CHARACTERS})), '${field.searchWeight as SearchWeight}')`;
  return fields.map(part).join(" || ");
}

/** The stored weighted document of a searched table in one indexed language (snapshot.ts). */
export const searchColumn = (language: string) => `search_${language}`;

/**
 * The weighted document a search reads, on the table visitors' search reads (snapshot.ts): the
 * stored column in an indexed language, else the document computed from the row (not indexed).
 */
export const searchDocument = (model: Model, language: string, alias: string): string =>
  INDEXED_LANGUAGES.includes(language)
    ? `${quote(alias)}.${quote(searchColumn(language))}`
    : searchVector(model, language, alias)!;

/** The name of a model's full-text index in one language. */
export const searchIndexName = (model: Model, language: string) => identifier(`${model.table}_search_${language}_fts`);

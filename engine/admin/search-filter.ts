import { fieldTypeOf } from "../schema/field-types/index.js";
import type { AdminField, AdminModel } from "./admin-model.js";
import { apiColumn } from "./table-columns.js";

/** Fields a person may know a record by: its titles in every form, and the usual naming keys. */
const TITLE_FIELDS = new Set(["adminTitle", "title", "name", "slug", "email", "uid", "url", "sku"]);

/** One condition of the filter language (docs/api.md), or an or-group of them. */
export type SearchCondition = { column: string; method: "ilike"; value: string };
export interface SearchGroup {
  or: SearchCondition[];
}

/** The API columns the search box reads: each title field, a language map once per language. */
export function searchColumns(model: AdminModel): string[] {
  const named = (f: AdminField) =>
    (f.name === model.labelField || TITLE_FIELDS.has(f.name)) &&
    !f.references &&
    fieldTypeOf(f.kind).admin.naming !== undefined;
  return model.fields.filter(named).flatMap((f) => {
    const languages = (f.languages ?? []).map((language) => `${f.name}->>${language}`);
    if (f.kind === "language-map") return languages;
    // A text or a language map: the plain text, else each language's.
    if (f.kind === "text-or-language-map") return [f.name, ...languages];
    return [apiColumn(f)];
  });
}

/** `%text%` for ilike, with the pattern characters of the text itself escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search box's filter: the text in any of the record's titles (every language of a language
 * map, the admin title, the name or slug), as one or-group the server applies in the same list
 * query. Searching Pages for "Home" finds the home page even though its admin title is the site's
 * name. Undefined when there is no text or nothing to search.
 */
export function searchFilter(model: AdminModel, text: string): SearchGroup | undefined {
  const needle = text.trim();
  const columns = searchColumns(model);
  if (!needle || columns.length === 0) return undefined;
  const value = containsPattern(needle);
  return { or: columns.map((column) => ({ column, method: "ilike", value })) };
}

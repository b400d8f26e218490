import { api } from "../../api/client.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { containsPattern, type Filter } from "../data/list-query.js";
import { textIn } from "../products/products-texts.js";
import { isOneOf } from "./pricing-api.js";

/** A product or category as the pickers and lists name it. */
interface Titled {
  id: string;
  title: Record<string, string> | null;
  adminTitle: string;
}

const MAX_IDS = 1000;

/**
 * Products and categories read as their editor sees them (`draft=true`: the working copies, so one
 * not published yet can be chosen too) and named by their title in the admin's language, else
 * their admin title — the Russian owner picks «Товары студии», not "Studio goods".
 */
async function titled(modelId: string, filters: Filter[], limit: number, signal?: AbortSignal) {
  return api<Titled[]>(`/api/${modelId}`, {
    query: { "filters[and]": JSON.stringify(filters), limit, draft: true },
    signal,
  });
}

const nameOf = (row: Titled, language: string) => textIn(row.title, language) || row.adminTitle;

/** The names of these records, by id, in one call per 1,000 (ids of no record are left out). */
export async function namesOf(
  modelId: string,
  ids: string[],
  language: string,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, string>();
  for (let at = 0; at < unique.length; at += MAX_IDS) {
    const rows = await titled(modelId, [isOneOf("id", unique.slice(at, at + MAX_IDS))], MAX_IDS, signal);
    for (const row of rows) names.set(row.id, nameOf(row, language));
  }
  return names;
}

/** The first 20 records whose title (any language) or admin title contains `text`, named. */
export async function searchNames(modelId: string, text: string, language: string, signal?: AbortSignal) {
  const needle = text.trim();
  const value = containsPattern(needle);
  const filters: Filter[] = needle
    ? [
        {
          or: [
            { column: "adminTitle", method: "ilike", value },
            ...LANGUAGES.map((l) => ({ column: `title->>${l}`, method: "ilike", value })),
          ],
        },
      ]
    : [];
  const rows = await titled(modelId, filters, 20, signal);
  return rows.map((row) => ({ value: row.id, label: nameOf(row, language) }));
}

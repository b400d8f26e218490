import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { LANGUAGES } from "../../../../engine/schema/languages.js";

/** The word a copy's title carries in each language (the default language's for any other). */
const COPY_WORD: Record<string, string> = { en: "copy", ru: "копия" };

/**
 * "About" → "About (copy)", in each language of a language map ("О нас (копия)"). A plain title
 * (one text for every language) becomes a map, so each language says "copy" in its own words.
 */
export function copyTitle(title: unknown): unknown {
  const mark = (text: string, language: string) =>
    text.trim() ? `${text} (${COPY_WORD[language] ?? COPY_WORD.en})` : text;
  if (typeof title === "string")
    return Object.fromEntries(LANGUAGES.map((language) => [language, mark(title, language)]));
  if (!title || typeof title !== "object") return title;
  return Object.fromEntries(
    Object.entries(title as Record<string, unknown>).map(([language, text]) => [
      language,
      typeof text === "string" ? mark(text, language) : text,
    ]),
  );
}

/** Candidate addresses asked for at once: a page copied fifty times still finds its next one in one query. */
const BATCH = 50;

/**
 * The first address no page holds for a copy of the page at `url`: "/about" → "/about-copy", then
 * "/about-copy-2", "/about-copy-3"…; the home page's copy is "/copy". A url template whose last
 * segment is named ("/blog/articles/[blog.articles.slug]") keeps its segment whole: the copy gets a
 * segment of its own after it ("…/[blog.articles.slug]/copy"). Read from the working copies
 * inside the copy's transaction; two copies racing for one address meet the unique index (409).
 */
export async function freeUrl(trx: ModelQueries, url: string, word: string): Promise<string> {
  const trimmed = url.replace(/\/+$/, "");
  const base = !trimmed ? `/${word}` : trimmed.endsWith("]") ? `${trimmed}/${word}` : `${trimmed}-${word}`;
  for (let from = 1; ; from += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, i) => (from + i === 1 ? base : `${base}-${from + i}`));
    const rows = await trx.selectFrom("host/pages").select("url").where("url", "in", candidates).execute();
    const taken = new Set(rows.map((r) => r.url));
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
}

import { validationErrorFromCauses } from "../../engine/errors.js";

/** The longest query searched: a few words, with room to spare (docs/search.md). */
export const QUERY_MAX = 200;
/** Words of a query searched at most; the rest are dropped (a query is a few words, not a text). */
const WORDS_MAX = 12;

/**
 * A visitor's query as words: letters, marks and digits only, lower-cased. Everything else
 * (quotes, `&`, `|`, `!`, `:`, parentheses, backslashes) separates words, so nothing of
 * tsquery's syntax reaches the database from the input.
 */
export function queryWords(text: string): string[] {
  return (
    text
      .normalize("NFC")
      .toLocaleLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).slice(0, WORDS_MAX);
}

/**
 * The words as to_tsquery's input: every word quoted (its letters only, so no quote to double),
 * all of them required, the last one a prefix (`'ceramic' & 'mu':*`) since the visitor may still
 * be typing it. The configuration stems each word as it stems the indexed text, so "mugs" and
 * "кружки" find "mug" and "кружка".
 */
export function tsqueryText(words: readonly string[]): string {
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");
}

/** Where the next page starts: how the results were found, and the last result's rank, type and id. */
export interface SearchCursor {
  /** "words": full-text as typed; "typo": with each word replaced by its nearest title word (nothing was found as typed). */
  mode: "words" | "typo";
  rank: number;
  type: string;
  id: string;
}

export const encodeCursor = (cursor: SearchCursor): string =>
  Buffer.from(JSON.stringify([cursor.mode, cursor.rank, cursor.type, cursor.id])).toString("base64url");

const badCursor = () =>
  validationErrorFromCauses([{ path: "/after", message: "must be the next cursor of an earlier answer" }]);

/** The cursor an earlier answer gave, or a 400 for anything else. */
export function decodeCursor(text: string): SearchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 4) throw badCursor();
  const [mode, rank, type, id] = value as unknown[];
  if (mode !== "words" && mode !== "typo") throw badCursor();
  if (typeof rank !== "number" || !Number.isFinite(rank)) throw badCursor();
  if (typeof type !== "string" || typeof id !== "string" || type.length > 100 || id.length > 100) throw badCursor();
  return { mode, rank, type, id };
}

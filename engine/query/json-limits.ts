import type { ErrorCause } from "../errors.js";

export const MAX_JSON_DEPTH = 32;

/**
 * An indexed text (unique or x-index) must fit a B-tree entry: PostgreSQL refuses one over about
 * 2,700 bytes after compression, so a limit in bytes, well below, is checked before the write.
 */
export const MAX_INDEXED_BYTES = 2000;

/** What the checks below answer for a value without problems, as they do for nearly every value: one list shared, never a new one. */
const NONE: readonly ErrorCause[] = Object.freeze([]);

export function indexedTextProblems(value: unknown, path: string): readonly ErrorCause[] {
  if (typeof value !== "string" || value.length * 3 <= MAX_INDEXED_BYTES) return NONE;
  return new TextEncoder().encode(value).length > MAX_INDEXED_BYTES ? [{ path, message: `must be at most ${MAX_INDEXED_BYTES} bytes (the field is indexed)` }] : NONE;
}

/**
 * Problems PostgreSQL would raise for a value, found before it is sent: text holding NUL
 * (neither text nor jsonb can store it) and JSON nested deeper than any real document (deep
 * nesting would also overflow the stack of JSON.stringify). Walks without recursion.
 */
export function jsonLimitProblems(value: unknown, path: string): readonly ErrorCause[] {
  // Most values are one text or none (a filter's value, a slug): no walk for them.
  if (typeof value !== "object" || value === null) {
    return typeof value === "string" && value.includes("\u0000") ? [{ path, message: "must not contain NUL characters" }] : NONE;
  }
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return [{ path, message: "must not contain NUL characters" }];
    } else if (typeof item === "object" && item !== null) {
      if (depth >= MAX_JSON_DEPTH) return [{ path, message: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` }];
      // Parsed JSON and query strings: every enumerable key is the value's own.
      for (const key in item) {
        if (key.includes("\u0000")) return [{ path, message: "must not contain NUL characters" }];
        stack.push([(item as Record<string, unknown>)[key], depth + 1]);
      }
    }
  }
  return NONE;
}

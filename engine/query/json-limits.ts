import type { ErrorCause } from "../errors.js";

export const MAX_JSON_DEPTH = 32;

/**
 * Problems PostgreSQL would raise for a value, found before it is sent: text holding NUL
 * (neither text nor jsonb can store it) and JSON nested deeper than any real document (deep
 * nesting would also overflow the stack of JSON.stringify). Walks without recursion.
 */
export function jsonLimitProblems(value: unknown, path: string): ErrorCause[] {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return [{ path, message: "must not contain NUL characters" }];
    } else if (typeof item === "object" && item !== null) {
      if (depth >= MAX_JSON_DEPTH) return [{ path, message: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` }];
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return [{ path, message: "must not contain NUL characters" }];
        stack.push([child, depth + 1]);
      }
    }
  }
  return [];
}

export const MAX_JSON_DEPTH = 32;

/**
 * An indexed text (unique or x-index) must fit a B-tree entry: PostgreSQL refuses one over about
 * 2,700 bytes after compression, so a limit in bytes, well below, is checked before the write.
 */
export const MAX_INDEXED_BYTES = 2000;

/** What is wrong with a value for an indexed text, or undefined (nearly always). */
export function indexedTextProblem(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length * 3 <= MAX_INDEXED_BYTES) return undefined;
  return new TextEncoder().encode(value).length > MAX_INDEXED_BYTES
    ? `must be at most ${MAX_INDEXED_BYTES} bytes (the field is indexed)`
    : undefined;
}

const NUL = "must not contain NUL characters";

/**
 * What PostgreSQL would refuse in a value, found before it is sent, or undefined (nearly always):
 * text holding NUL (neither text nor jsonb can store it) and JSON nested deeper than any real
 * document (deep nesting would also overflow the stack of JSON.stringify).
 */
export function jsonLimitProblem(value: unknown): string | undefined {
  // Most values are one text or none (a filter's value, a slug), or an object of texts (a
  // language map): no walk, and nothing allocated, for those.
  if (typeof value !== "object" || value === null)
    return typeof value === "string" && value.includes("\u0000") ? NUL : undefined;
  for (const key in value) {
    if (key.includes("\u0000")) return NUL;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === "string") {
      if (item.includes("\u0000")) return NUL;
    } else if (typeof item === "object" && item !== null) return deepProblem(value);
  }
  return undefined;
}

/** jsonLimitProblem's walk for nested values, without recursion. */
function deepProblem(value: object): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return NUL;
    } else if (typeof item === "object" && item !== null) {
      if (depth >= MAX_JSON_DEPTH) return `must not be nested more than ${MAX_JSON_DEPTH} levels deep`;
      // Parsed JSON and query strings: every enumerable key is the value's own.
      for (const key in item) {
        if (key.includes("\u0000")) return NUL;
        stack.push([(item as Record<string, unknown>)[key], depth + 1]);
      }
    }
  }
  return undefined;
}

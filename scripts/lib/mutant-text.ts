// Where a mutant's text stands in its file. The list names code by its text as it was written on
// one line; the formatter (npm run format) may since have broken that line, added a trailing
// comma before a closing bracket or turned single quotes into double ones. So the text is looked
// for with those differences allowed, and must stand in the file once, however laid out.

const escapeRegExp = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A pattern matching `text` however the formatter laid it out: any whitespace between characters, an optional trailing comma before a closer, either quote. */
function laidOut(text: string): RegExp {
  let pattern = "";
  for (const char of text.replace(/\s+/g, "")) {
    if (char === ")" || char === "]" || char === "}") pattern += "(?:,\\s*)?";
    pattern += char === '"' || char === "'" ? `["']` : escapeRegExp(char);
    pattern += "\\s*";
  }
  return new RegExp(pattern.slice(0, -"\\s*".length), "g");
}

/** The span of `text` in `source` if it stands there exactly once, as written or as the formatter laid it out. */
export function locate(source: string, text: string): { start: number; end: number } | undefined {
  const matches = [...source.matchAll(laidOut(text))];
  if (matches.length !== 1) return undefined;
  return { start: matches[0]!.index, end: matches[0]!.index + matches[0]![0].length };
}

/** `source` with the one place of `from` replaced by `to`, or undefined when `from` does not stand there once. */
export function replaceOnce(source: string, from: string, to: string): string | undefined {
  const span = locate(source, from);
  return span && source.slice(0, span.start) + to + source.slice(span.end);
}

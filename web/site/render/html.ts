/** Text or attribute value escaped for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const JSON_ESCAPES: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * JSON safe inside <script type="application/json">: `<` becomes \u003c (so no `</script>` or
 * `<!--` can end or bend the element), and U+2028/U+2029 are escaped for old JS parsers. The
 * result still parses with JSON.parse to the same value.
 */
export function embedJson(value: unknown): string {
  // One pass over the text (a page's data is a few hundred KB on a large page).
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);
}

export const DATA_SCRIPT_ID = "__SITE_DATA__";
/** The widget failures found on the server (see failures.ts) and, on an error page, the error. */
export const STATE_SCRIPT_ID = "__SITE_STATE__";

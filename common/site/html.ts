/** Text or attribute value escaped for HTML. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const UNSAFE = /[<>&\u2028\u2029]/;
const UNSAFE_ALL = /[<>&\u2028\u2029]/g;
const JSON_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON safe inside <script type="application/json">: `<` becomes \u003c (so no `</script>` or
 * `<!--` can end or bend the element), and U+2028/U+2029 are escaped for old JS parsers. The
 * result still parses with JSON.parse to the same value.
 */
export function embedJson(value: unknown): string {
  // A page's data is a few hundred KB on a large page: a scan first (most pages have nothing to
  // escape, no markup in their texts), else one replacing pass.
  const json = JSON.stringify(value ?? null);
  return UNSAFE.test(json) ? json.replace(UNSAFE_ALL, (c) => JSON_ESCAPES[c]!) : json;
}

export const DATA_SCRIPT_ID = "__SITE_DATA__";
/** The widget failures found on the server (see failures.ts) and, on an error page, the error. */
export const STATE_SCRIPT_ID = "__SITE_STATE__";

/**
 * A stored url as an href, or undefined when it must not be one: only http(s), mailto, tel and
 * relative urls are links. Read as the browser reads it — leading and trailing controls and
 * spaces dropped, tabs and newlines removed anywhere — so "java\tscript:" or "\u0001javascript:"
 * is seen for what it is. `data:`, `javascript:`, `vbscript:`, `file:` and every other scheme are
 * refused: the record's text is shown, not followed.
 */
export function safeHref(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  // eslint-disable-next-line no-control-regex
  const value = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  // eslint-disable-next-line no-control-regex
  if (!value || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return value;
  return ALLOWED.has(scheme) ? value : undefined;
}

const ALLOWED = new Set(["http", "https", "mailto", "tel"]);

/** True for a url with a scheme (an address elsewhere, opened in a new tab); false for a relative one. */
export const hasScheme = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

import { markedSnippet, snippetText, type SearchHit } from "../../../../common/site/site-search.js";
import type { Language } from "../../../../common/site/page-data.js";
import { slideHref } from "../../i18n/links.js";

/** A result's address in the visitor's language (the site's link rules: a path gets the language prefix). */
export const hitHref = (hit: SearchHit, language: Language) => slideHref(hit.url, language) ?? "#";

/**
 * A result's snippet: the server's HTML (its matched words in <mark>, all else escaped) inserted
 * only once checked to hold no other tag; otherwise its words as plain text.
 */
export function HitSnippet({ snippet, className }: { snippet: unknown; className?: string }) {
  const html = markedSnippet(snippet);
  return html !== undefined ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: checked by markedSnippet: no tag but <mark>.
    <span className={className} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <span className={className}>{snippetText(snippet)}</span>
  );
}

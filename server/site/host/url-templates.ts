import { splitUrl } from "../../lib/url-path.js";

// Re-exported: the page resolver, the site routes and their tests split urls through host.
export { normalizeUrl, splitUrl } from "../../lib/url-path.js";

// Page urls are either exact ("/blog") or templates whose segments name a record field
// ("/blog/articles/[blog.articles.slug]"): the segment's value is the slug of a blog/articles row.

/** A template segment naming `{module}.{entity}.{field}`. */
export interface NamedSegment {
  /** "blog.articles.slug", the key of PageData.segments. */
  name: string;
  model: string;
  field: string;
}

export type TemplatePart = { literal: string } | NamedSegment;

export interface UrlTemplate {
  url: string;
  parts: TemplatePart[];
  /** Literal parts count: a more specific template is tried first. */
  literals: number;
}

const NAMED = /^\[([a-z0-9-]+)\.([a-z0-9-]+)\.([A-Za-z0-9_]+)\]$/;

export const isTemplateUrl = (url: string) => url.includes("[");

/** The template of a page url, or undefined when the url has no named segment (or a malformed one). */
export function parseTemplate(url: string): UrlTemplate | undefined {
  if (!isTemplateUrl(url)) return undefined;
  const parts: TemplatePart[] = [];
  for (const segment of splitUrl(url)) {
    const named = NAMED.exec(segment);
    if (named)
      parts.push({ name: `${named[1]}.${named[2]}.${named[3]}`, model: `${named[1]}/${named[2]}`, field: named[3]! });
    else if (segment.includes("[")) return undefined;
    else parts.push({ literal: segment });
  }
  const literals = parts.filter((p) => "literal" in p).length;
  return parts.length === literals ? undefined : { url, parts, literals };
}

/** The named segments' values when `segments` fit the template, else undefined. */
export function matchTemplate(template: UrlTemplate, segments: string[]): Record<string, string> | undefined {
  if (segments.length !== template.parts.length) return undefined;
  const values: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const part = template.parts[i]!;
    if ("literal" in part) {
      if (part.literal !== segments[i]) return undefined;
    } else values[part.name] = segments[i]!;
  }
  return values;
}

export const namedSegments = (template: UrlTemplate): NamedSegment[] =>
  template.parts.filter((p): p is NamedSegment => "name" in p);

/** Most literal segments first, then by url: "/blog/articles/[…]" before "/blog/[…]/[…]". */
export const bySpecificity = (a: UrlTemplate, b: UrlTemplate) => b.literals - a.literals || a.url.localeCompare(b.url);

import type { Repository } from "../../../engine/query/repository.js";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../common/site/page-data.js";
import { withLanguage } from "../../../common/i18n/languages.js";
import { escapeHtml } from "../../../common/site/html.js";
import type { PageResolver } from "../host/page-resolver.js";
import { ERROR_PAGE_URLS, personalPageIds } from "./personal-pages.js";

export const SITEMAP_MAX_URLS = 50_000;

/**
 * The public addresses of the site without their language: every hosted page, a url template
 * once per record it names (accounts never, members-only records never: PageResolver.addresses),
 * leaving out the error pages and the personal ones (sign-in and account pages, the cart,
 * members-only content: personal-pages.ts).
 */
export async function publicAddresses(
  resolver: PageResolver,
  repositories: Map<string, Repository>,
): Promise<string[]> {
  const addresses = await resolver.addresses();
  const personal = await personalPageIds(repositories, [...new Set(addresses.map((a) => a.id))]);
  const urls = addresses.filter((a) => !personal.has(a.id) && !ERROR_PAGE_URLS.has(a.url)).map((a) => a.url);
  return [...new Set(urls)];
}

/**
 * sitemap.xml (sitemaps.org 0.9): each address once per language, absolute from the site's
 * address, each entry naming its versions in every language and x-default (Google's hreflang in
 * sitemaps), the same links the page's head carries.
 */
export function sitemapXml(origin: string, paths: string[]): string {
  // A sitemap file holds at most 50,000 addresses (sitemaps.org); a larger site would need an index of several.
  const kept = paths.slice(0, Math.floor(SITEMAP_MAX_URLS / LANGUAGES.length));
  const url = (path: string, language: (typeof LANGUAGES)[number]) =>
    escapeHtml(`${origin}${withLanguage(path, language)}`);
  const entries = kept.flatMap((path) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${url(path, language)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, DEFAULT_LANGUAGE)}"/>`,
    ].join("");
    return LANGUAGES.map((language) => `<url><loc>${url(path, language)}</loc>${alternates}</url>`);
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    entries.join("\n") +
    `\n</urlset>\n`
  );
}

/** robots.txt: everything public may be crawled but the back office; the sitemap's address. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`;
}

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../../common/site/page-data.js";
import type { SiteData } from "../data/site-data.js";
import { withLanguage } from "../../../common/i18n/languages.js";
import { embedJson, escapeHtml } from "../../../common/site/html.js";
import { pageMetadata, shownMetadata } from "./page-metadata.js";
import { OPENGRAPH_IMAGE_SIZE, opengraphImageUrl, opengraphText } from "../../../common/site/opengraph-image.js";
import { isPersonalPage } from "./personal-page.js";
import { structuredData } from "./structured-data.js";

const meta = (attribute: "name" | "property", key: string, content: string | undefined) =>
  content ? `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">` : "";

// og:siteName → og:site_name, og:imageWidth → og:image:width; twitter:appCountry → twitter:app:country (the tags' real names).
const ogName = (key: string) =>
  key.startsWith("image") && key !== "image"
    ? `og:image:${key.slice(5).toLowerCase()}`
    : `og:${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
const twitterName = (key: string) => (key === "appCountry" ? "twitter:app:country" : `twitter:${key}`);

/** The site's icon (server/site/seo/favicon.ts serves both): the SVG where supported, else the .ico. */
export const ICON_TAGS = `<link rel="icon" href="/favicon.ico" sizes="32x32"><link rel="icon" href="/favicon.svg" type="image/svg+xml">`;

/**
 * The page's address in each language for search engines: with the site's address (PUBLIC_URL)
 * absolute, as canonical and hreflang links must be, with x-default on the default language's;
 * without one (a render outside the server) relative alternates only. An error page (status 400
 * and up) names none: it is not the page at that address.
 */
function addressTags(site: SiteData, origin: string | undefined, status: number | undefined): string[] {
  if (status && status >= 400) return [];
  const path = site.data.path;
  const at = (language: Language) => `${origin ?? ""}${withLanguage(path, language)}`;
  const link = (rel: string, href: string, hreflang?: string) =>
    `<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ""} href="${escapeHtml(href)}">`;
  const alternates = LANGUAGES.map((language) => link("alternate", at(language), language));
  if (!origin) return alternates;
  return [link("canonical", at(site.language)), ...alternates, link("alternate", at(DEFAULT_LANGUAGE), "x-default")];
}

/**
 * The <head> tags a page's metadata asks for: title, description, keywords, Open Graph, Twitter,
 * the icon, canonical and hreflang links, and schema.org JSON-LD for an article or a product.
 * With the site's address (`origin`), og:image is the page's generated Open Graph image.
 */
export function metadataTags(site: SiteData, origin?: string, status?: number): string {
  const own = pageMetadata(site);
  if (origin && site.page) {
    // The Open Graph image is the page's (drawn per page from its own metadata, server/site/seo/opengraph-pages.ts).
    const text = opengraphText(own.openGraph.title!, own.openGraph.siteName, origin);
    own.openGraph.image = opengraphImageUrl(origin, site.page.id, text, site.language);
    own.openGraph.imageWidth = String(OPENGRAPH_IMAGE_SIZE.width);
    own.openGraph.imageHeight = String(OPENGRAPH_IMAGE_SIZE.height);
    own.twitter.image = own.openGraph.image;
  }
  // A product's or an article's page speaks of the item, in the visitor's language.
  const data = shownMetadata(site, own);
  return [
    `<title>${escapeHtml(data.title)}</title>`,
    meta("name", "viewport", data.viewport),
    meta("name", "description", data.description),
    meta("name", "keywords", data.keywords),
    meta("name", "author", data.author),
    ...Object.entries(data.openGraph).map(([key, value]) => meta("property", ogName(key), value)),
    ...Object.entries(data.twitter).map(([key, value]) => meta("name", twitterName(key), value)),
    ICON_TAGS,
    // A personal page (sign-in, account, cart, members-only): not for search results. Error pages get theirs from the document.
    !(status && status >= 400) && isPersonalPage(site) ? `<meta name="robots" content="noindex">` : "",
    ...addressTags(site, origin, status),
    ...(origin && !(status && status >= 400)
      ? structuredData(site, {
          url: `${origin}${withLanguage(site.data.path, site.language)}`,
          image: data.openGraph.image,
          siteName: data.openGraph.siteName,
        }).map((object) => `<script type="application/ld+json">${embedJson(object)}</script>`)
      : []),
  ]
    .filter(Boolean)
    .join("");
}

export interface DocumentAssets {
  scripts: string[];
  styles: string[];
}

export function assetTags(assets: DocumentAssets): string {
  return [
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
  ].join("");
}

import { LANGUAGES } from "../data/page-data.js";
import type { SiteData } from "../data/site-data.js";
import { withLanguage } from "../i18n/languages.js";
import { escapeHtml } from "./html.js";
import { pageMetadata } from "./metadata.js";
import { OPENGRAPH_IMAGE_SIZE, opengraphImageUrl, opengraphText } from "./opengraph-image.js";

const meta = (attribute: "name" | "property", key: string, content: string | undefined) =>
  content ? `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">` : "";

// og:siteName → og:site_name, og:imageWidth → og:image:width; twitter:appCountry → twitter:app:country (the tags' real names).
const ogName = (key: string) => (key.startsWith("image") && key !== "image" ? `og:image:${key.slice(5).toLowerCase()}` : `og:${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`);
const twitterName = (key: string) => (key === "appCountry" ? "twitter:app:country" : `twitter:${key}`);

/**
 * The <head> tags a page's metadata asks for: title, description, keywords, Open Graph, Twitter.
 * With the site's address (`origin`), og:image is the page's generated Open Graph image.
 */
export function metadataTags(site: SiteData, origin?: string): string {
  const data = pageMetadata(site);
  if (origin && site.page) {
    const text = opengraphText(data.openGraph.title!, data.openGraph.siteName, origin);
    data.openGraph.image = opengraphImageUrl(origin, site.page.id, text);
    data.openGraph.imageWidth = String(OPENGRAPH_IMAGE_SIZE.width);
    data.openGraph.imageHeight = String(OPENGRAPH_IMAGE_SIZE.height);
    data.twitter.image = data.openGraph.image;
  }
  return [
    `<title>${escapeHtml(data.title)}</title>`,
    meta("name", "viewport", data.viewport),
    meta("name", "description", data.description),
    meta("name", "keywords", data.keywords),
    meta("name", "author", data.author),
    ...Object.entries(data.openGraph).map(([key, value]) => meta("property", ogName(key), value)),
    ...Object.entries(data.twitter).map(([key, value]) => meta("name", twitterName(key), value)),
    ...LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(withLanguage(site.data.path, language))}">`),
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

import { DEFAULT_LANGUAGE } from "./page-data.js";
/**
 * A page's Open Graph image: drawn by the server (server/modules/file-storage/images, 1200×630,
 * the page's title and the site's name) at /public/opengraph/{pageId}.png (.{language}.png for a
 * language other than the default). `v` changes with what
 * the image shows, so a link preview cached by a crawler is refreshed when the title changes.
 */
export const OPENGRAPH_IMAGE_PATH = "/public/opengraph";
export const OPENGRAPH_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface OpengraphText {
  title: string;
  siteName: string;
  /** The site's host ("shop.example.com"). */
  domain: string;
}

/** The texts on the image: the page's og:title, its og:siteName or else the site's host. */
export function opengraphText(title: string, siteName: string | undefined, origin: string): OpengraphText {
  const domain = /^https?:\/\/([^/]+)/.exec(origin)?.[1] ?? origin;
  return { title, siteName: siteName || domain, domain };
}

/** FNV-1a over the texts: a short version tag, the same in the page's head and on the server. */
export function opengraphVersion(text: OpengraphText): string {
  let hash = 0x811c9dc5;
  for (const char of `${text.title}\u0000${text.siteName}\u0000${text.domain}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The image's address: `{pageId}.png` in the default language, `{pageId}.{language}.png` in
 * another (its texts are that language's: /ru pages preview with their Russian title).
 */
export const opengraphImageUrl = (
  origin: string,
  pageId: string,
  text: OpengraphText,
  language: string = DEFAULT_LANGUAGE,
) =>
  `${origin}${OPENGRAPH_IMAGE_PATH}/${pageId}${language === DEFAULT_LANGUAGE ? "" : `.${language}`}.png?v=${opengraphVersion(text)}`;

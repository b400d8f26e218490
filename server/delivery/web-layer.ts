import type { SiteRenderer } from "../site/site-renderer.js";

/**
 * Everything the server uses of the browser code (web/) at run time, handed to buildApp by the
 * composition root (app/web-layer.ts) and kept as `app.web`: no file under server/ imports web/
 * (tests/structure/import-rules.test.ts). What both sides read as plain data or plain functions
 * (languages, texts, money, page data) is in common/ instead.
 */
export interface WebLayer {
  /** The site's server render (web/site/render/render-document.tsx). */
  renderer: SiteRenderer;
  /**
   * The site's widget variants by model id ("blog/widgets" → ["article-default", …]): what the
   * admin offers and the composer's palette lists. Asked each time: a plug-in (or a test) may
   * register a variant after start-up.
   */
  variants(): Record<string, string[]>;
  /** The built browser bundles (`npm run build:web`): Vite's output folder, and the site entry's key in its manifest. */
  bundles: { dir: string; siteEntry: string };
}

import type { Language, PageData } from "../../common/site/page-data.js";
import type { EntryAssets } from "../delivery/web-dist.js";

/** What an error page shows (SitePages builds it when a page fails to load or render). */
export interface ErrorDocument {
  /** Shown as the page's heading; the renderer's generic text when empty. */
  message?: string;
  /** The hosted /500 page, when one exists: its layouts and widgets go around the message. */
  hosted?: PageData;
  language?: Language;
  status?: number;
}

/**
 * The server render of the public site, as the server asks for it: full HTML documents from
 * PageData. The React renderer that does it lives in web/site/render/render-document.tsx and the
 * server never imports it: the composition root (app/web-layer.ts) hands it to buildApp, so the
 * server stays free of browser code (tests/structure/import-rules.test.ts holds it to that).
 */
export interface SiteRenderer {
  /** A public page: metadata in <head>, the rendered app, and its data for hydration. */
  renderDocument(data: PageData, assets: EntryAssets, options?: { status?: number; origin?: string }): string;
  /** The global error page: the message inside the hosted /500 page when there is one. */
  renderErrorDocument(assets: EntryAssets, error?: ErrorDocument): string;
}

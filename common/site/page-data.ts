/**
 * What the server loads for one page and the renderer reads — the contract between the page
 * loader (server/site/) and the variants (web/site/modules/). The same object is embedded in the
 * HTML so the browser hydrates without fetching it again.
 */
// The languages and a relation's keys are the engine's (pure modules, safe in the browser bundle).
export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../engine/schema/languages.js";
export type { RelationKeys } from "../../engine/query/relation-graph.js";
import type { Language } from "../../engine/schema/languages.js";
import type { RelationKeys } from "../../engine/query/relation-graph.js";
import type { SiteSearch } from "./site-search.js";

/** One database row as the API returns it (hidden fields never included). */
export type Row = { id: string; [field: string]: unknown };

export interface PageData {
  language: Language;
  /** The visited path without the language prefix ("/blog/articles/hello"); "/" for home. */
  path: string;
  /** The host/pages row the path resolved to (its url may be a template). */
  pageId: string;
  /** Values of the page url template's named segments: { "blog.articles.slug": "hello" }. */
  segments: Record<string, string>;
  /** Every loaded row, by model id ("blog/articles") then by row id. Relations are models too. */
  records: Record<string, Record<string, Row>>;
  /** Row ids of whole-model lists that list variants show (newest first), by model id. */
  lists: Record<string, string[]>;
  /** The foreign keys of every relation model in `records`, so variants can walk them. */
  relations: Record<string, RelationKeys>;
  /** On the search results page only: the visitor's query and its results (rendered per query, never cached). */
  search?: SiteSearch;
  /**
   * A preview of the working copies (server/site/preview/): its blocks and texts carry the marks
   * the composer's live preview finds them by (web/site/render/edit-marks.ts). Never on a visitor's page.
   */
  editing?: boolean;
  /** On pages showing a shop record (a product, the cart): what the shop says of its prices, read once per page. */
  shop?: ShopFacts;
}

/** The shop's settings a page needs beside its rows (server/modules/ecommerce/shop-page-facts.ts). */
export interface ShopFacts {
  /**
   * How prices stand to tax, said beside each price: "included" (PRICES_INCLUDE_TAX, "incl. VAT")
   * or "added" ("+ tax"); absent while the shop has no tax rate, when there is nothing to say.
   */
  pricesTax?: "included" | "added";
  /** The shop has an active discount code: only then does the checkout offer the code field. */
  discountCodes: boolean;
  /** The shop has a shipping rate: the cart says delivery is added at checkout. */
  delivery: boolean;
}

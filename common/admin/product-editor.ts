import type { Publication } from "./publication.js";

/**
 * The product editor's wire contract (/admin/products): what its routes answer and take
 * (server/modules/ecommerce/routes/product-editor-routes.ts), read and built by its screens
 * (web/admin/products/). One type for both sides. `Time`: see Publication.
 */

/** Texts by language ({ en, ru }). */
export type LanguageMap = Record<string, string>;

/** A photo as the editor shows it: the file's fields its thumbnail needs, and its alt texts. */
export interface EditorPhoto {
  fileId: string;
  adminTitle: string;
  file: string;
  mimeType: string | null;
  extension: string | null;
  width: number | null;
  height: number | null;
  alt: LanguageMap;
}

/** One price: an exact decimal string in a currency, the product's own (storeId null) or a store's. */
export interface EditorPrice {
  currencyId: string;
  amount: string;
  storeId: string | null;
}

/** The product's working copy: its row (the fields the editor edits among them) and its publication state. */
export interface EditorProduct<Time = string> {
  id: string;
  adminTitle: string;
  slug: string;
  title: LanguageMap;
  shortDescription: LanguageMap;
  description: LanguageMap;
  type: string;
  shipping: string;
  stock: number | null;
  publication: Publication<Time>;
}

/** GET /api/ecommerce/products/{id}/editor (and a save's answer): the product with everything the editor edits. */
export interface EditorDocument<Time = string> {
  product: EditorProduct<Time>;
  prices: EditorPrice[];
  photos: EditorPhoto[];
  stores: { storeId: string; stock: number | null }[];
  categoryIds: string[];
  attributes: { name: LanguageMap; value: LanguageMap }[];
}

/** One row of the products table (GET /api/ecommerce/products/editor). */
export interface EditorListRow<Time = string> {
  id: string;
  adminTitle: string;
  title: LanguageMap;
  stock: number | null;
  photo: Omit<EditorPhoto, "fileId"> | null;
  /** The product's own prices (stores' overrides left out), currency slug order. */
  prices: { amount: string; code: string; symbol: string | null }[];
  publication: Publication<Time>;
}

/** The stores, categories and currencies the editor's pickers offer (GET …/products/editor/choices). */
export interface EditorChoices {
  currencies: { id: string; slug: string; symbol: string | null; decimals: number; title: LanguageMap }[];
  stores: { id: string; adminTitle: string; title: LanguageMap }[];
  categories: { id: string; adminTitle: string; title: LanguageMap }[];
}

/** What the product editor saves (PUT /api/ecommerce/products/{id}/editor, POST …/products/editor): the document without the read-only parts. */
export interface EditorInput {
  product: {
    adminTitle?: string;
    slug?: string;
    title: LanguageMap;
    shortDescription: LanguageMap;
    description: LanguageMap;
    type: string;
    shipping: string;
    stock: number | null;
  };
  prices: { currencyId: string; amount: string; storeId?: string | null }[];
  /** In order: the first is the main image. `alt` (when given) replaces the file's alt text. */
  photos: { fileId: string; alt?: LanguageMap }[];
  /** The stores offering the product, each with its own count (null: the product's stock applies). */
  stores: { storeId: string; stock?: number | null }[];
  categoryIds: string[];
  /** Name/value rows: feature attributes (a key of type feature named `name`, the value in `string`). */
  attributes: { name: LanguageMap; value: LanguageMap }[];
}

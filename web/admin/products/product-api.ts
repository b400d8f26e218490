import { api } from "../../api/client.js";
import type { NotPublished, Publication } from "../editorial/editorial-api.js";

export type { Publication };

/** Texts by language ({ en, ru }). */
export type Texts = Record<string, string>;

/** A photo as the editor answers it (server/modules/ecommerce/product-editor-read.ts). */
export interface EditorPhoto {
  fileId: string;
  adminTitle: string;
  file: string;
  mimeType: string | null;
  extension: string | null;
  width: number | null;
  height: number | null;
  alt: Texts;
}

export interface EditorPrice {
  currencyId: string;
  amount: string;
  storeId: string | null;
}

export interface EditorProduct {
  id: string;
  adminTitle: string;
  slug: string;
  title: Texts;
  shortDescription: Texts;
  description: Texts;
  type: string;
  shipping: string;
  stock: number | null;
  publication: Publication;
}

/** GET /api/ecommerce/products/{id}/editor. */
export interface EditorDocument {
  product: EditorProduct;
  prices: EditorPrice[];
  photos: EditorPhoto[];
  stores: { storeId: string; stock: number | null }[];
  categoryIds: string[];
  attributes: { name: Texts; value: Texts }[];
}

export interface EditorListRow {
  id: string;
  adminTitle: string;
  title: Texts;
  stock: number | null;
  photo: Omit<EditorPhoto, "fileId"> | null;
  prices: { amount: string; code: string; symbol: string | null }[];
  publication: Publication;
}

export interface EditorChoices {
  currencies: { id: string; slug: string; symbol: string | null; decimals: number; title: Texts }[];
  stores: { id: string; adminTitle: string; title: Texts }[];
  categories: { id: string; adminTitle: string; title: Texts }[];
}

/** What a save sends: the document without the read-only parts. */
export interface EditorInput {
  product: { adminTitle?: string; slug?: string; title: Texts; shortDescription: Texts; description: Texts; type: string; shipping: string; stock: number | null };
  prices: { currencyId: string; amount: string; storeId?: string | null }[];
  photos: { fileId: string; alt?: Texts }[];
  stores: { storeId: string; stock: number | null }[];
  categoryIds: string[];
  attributes: { name: Texts; value: Texts }[];
}

export const EDITOR = "/api/ecommerce/products/editor";
const one = (id: string) => `/api/ecommerce/products/${id}/editor`;

export const loadProduct = (id: string, signal?: AbortSignal) => api<EditorDocument>(one(id), { signal });
export const loadChoices = (signal?: AbortSignal) => api<EditorChoices>(`${EDITOR}/choices`, { signal });

/** One transaction on the server: a new product (no id) or the product's fields and relations. */
export const saveProduct = (id: string | undefined, input: EditorInput) =>
  id ? api<EditorDocument>(one(id), { method: "PUT", body: input }) : api<EditorDocument>(EDITOR, { method: "POST", body: input });

/** Publishes the product with what its editor edits (prices, photos, stores, categories) that the caller may publish; the rest is named. */
export async function publishProduct(id: string): Promise<{ document: EditorDocument; notPublished: NotPublished[] }> {
  const answer = await api<{ data: EditorDocument; notPublished?: NotPublished[] }>(`${one(id)}/publish`, { method: "POST", envelope: true });
  return { document: answer.data, notPublished: answer.notPublished ?? [] };
}

/** Takes the product off the site (the generic unpublish); its working copy stays. */
export const unpublishProduct = (id: string) => api(`/api/ecommerce/products/${id}/unpublish`, { method: "POST" });

/** "$32.00 · USD": the symbol before the exact amount when the currency has one, then its code. */
export function priceLabel(amount: string, code: string, symbol: string | null | undefined): string {
  return symbol ? `${symbol}${amount} · ${code}` : `${amount} ${code}`;
}

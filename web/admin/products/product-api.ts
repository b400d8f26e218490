import { api } from "../../api/client.js";
import type { NotPublished, Publication } from "../editorial/editorial-api.js";
import type {
  EditorChoices,
  EditorDocument,
  EditorInput,
  EditorListRow,
  EditorPhoto,
  EditorPrice,
  EditorProduct,
  LanguageMap,
} from "../../../common/admin/product-editor.js";

export type { Publication };
/** The editor's wire contract, shared with its routes (common/admin/product-editor.ts). */
export type { EditorChoices, EditorDocument, EditorInput, EditorListRow, EditorPhoto, EditorPrice, EditorProduct };

/** Texts by language ({ en, ru }). */
export type Texts = LanguageMap;

export const EDITOR = "/api/ecommerce/products/editor";
const one = (id: string) => `/api/ecommerce/products/${id}/editor`;

export const loadProduct = (id: string, signal?: AbortSignal) => api<EditorDocument>(one(id), { signal });
export const loadChoices = (signal?: AbortSignal) => api<EditorChoices>(`${EDITOR}/choices`, { signal });

/** One transaction on the server: a new product (no id) or the product's fields and relations. */
export const saveProduct = (id: string | undefined, input: EditorInput) =>
  id
    ? api<EditorDocument>(one(id), { method: "PUT", body: input })
    : api<EditorDocument>(EDITOR, { method: "POST", body: input });

/** Publishes the product with what its editor edits (prices, photos, stores, categories) that the caller may publish; the rest is named. */
export async function publishProduct(id: string): Promise<{ document: EditorDocument; notPublished: NotPublished[] }> {
  const answer = await api<{ data: EditorDocument; notPublished?: NotPublished[] }>(`${one(id)}/publish`, {
    method: "POST",
    envelope: true,
  });
  return { document: answer.data, notPublished: answer.notPublished ?? [] };
}

/** Takes the product off the site (the generic unpublish); its working copy stays. */
export const unpublishProduct = (id: string) => api(`/api/ecommerce/products/${id}/unpublish`, { method: "POST" });

/** "$32.00 · USD": the symbol before the exact amount when the currency has one, then its code. */
export function priceLabel(amount: string, code: string, symbol: string | null | undefined): string {
  return symbol ? `${symbol}${amount} · ${code}` : `${amount} ${code}`;
}

import { ApiError } from "../../api/client.js";
import type { AttributeRow } from "./attribute-rows.js";
import { amountError, priceKey } from "./price-fields.js";
import type { EditorChoices, EditorDocument, EditorInput, EditorPhoto, Texts } from "./product-api.js";

/** The editor's form: the document as inputs hold it (stock and money as the typed text). */
export interface ProductForm {
  product: {
    adminTitle: string;
    slug: string;
    title: Texts;
    shortDescription: Texts;
    description: Texts;
    type: string;
    shipping: string;
    stock: string;
  };
  /** By priceKey(storeId, currencyId): the typed amount. */
  prices: Record<string, string>;
  photos: EditorPhoto[];
  stores: { storeId: string; stock: string }[];
  categoryIds: string[];
  attributes: AttributeRow[];
}

export const emptyForm = (): ProductForm => ({
  product: {
    adminTitle: "",
    slug: "",
    title: {},
    shortDescription: {},
    description: {},
    type: "one_off",
    shipping: "none",
    stock: "",
  },
  prices: {},
  photos: [],
  stores: [],
  categoryIds: [],
  attributes: [],
});

export function formOf(doc: EditorDocument): ProductForm {
  const p = doc.product;
  return {
    product: {
      adminTitle: p.adminTitle ?? "",
      slug: p.slug ?? "",
      title: p.title ?? {},
      shortDescription: p.shortDescription ?? {},
      description: p.description ?? {},
      type: p.type,
      shipping: p.shipping,
      stock: p.stock == null ? "" : String(p.stock),
    },
    prices: Object.fromEntries(doc.prices.map((x) => [priceKey(x.storeId, x.currencyId), x.amount])),
    photos: doc.photos,
    stores: doc.stores.map((s) => ({ storeId: s.storeId, stock: s.stock == null ? "" : String(s.stock) })),
    categoryIds: doc.categoryIds,
    attributes: doc.attributes,
  };
}

/** Texts with empty inputs left out ("no text" stays no text). */
const filled = (texts: Texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => v.trim() !== ""));
const count = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

/**
 * What a save sends, or the fields to fix first (keyed as the form shows them): money and counts
 * are checked here as the server will, so a typo is marked before any request.
 */
export function inputOf(
  form: ProductForm,
  choices: EditorChoices,
): { input?: EditorInput; priceKeys: string[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const prices: EditorInput["prices"] = [];
  const priceKeys: string[] = [];
  const owners = [null, ...form.stores.map((s) => s.storeId)];
  for (const storeId of owners) {
    for (const currency of choices.currencies) {
      const key = priceKey(storeId, currency.id);
      const amount = (form.prices[key] ?? "").trim();
      if (amount === "") continue;
      const wrong = amountError(amount, currency.decimals);
      if (wrong) errors[key] = wrong;
      prices.push({ currencyId: currency.id, amount, storeId });
      priceKeys.push(key);
    }
  }
  const badCount = (text: string) => text.trim() !== "" && !/^\d{1,9}$/.test(text.trim());
  if (badCount(form.product.stock)) errors.stock = "0, 1, 2…";
  form.stores.forEach((s) => {
    if (badCount(s.stock)) errors[`stores.${s.storeId}`] = "0, 1, 2…";
  });
  if (Object.keys(errors).length) return { priceKeys, errors };
  const p = form.product;
  const input: EditorInput = {
    product: {
      ...(p.adminTitle.trim() ? { adminTitle: p.adminTitle.trim() } : {}),
      ...(p.slug.trim() ? { slug: p.slug.trim() } : {}),
      title: filled(p.title),
      shortDescription: filled(p.shortDescription),
      description: filled(p.description),
      type: p.type,
      shipping: p.shipping,
      stock: count(p.stock),
    },
    prices,
    photos: form.photos.map((photo) => ({ fileId: photo.fileId, alt: filled(photo.alt) })),
    stores: form.stores.map((s) => ({ storeId: s.storeId, stock: count(s.stock) })),
    categoryIds: form.categoryIds,
    attributes: form.attributes.map((a) => ({ name: filled(a.name), value: filled(a.value) })),
  };
  return { input, priceKeys, errors };
}

/** The server's refusal as the form's field errors ("prices[1].amount" → that money field). */
export function errorsOf(error: unknown, priceKeys: string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const cause of error.cause) {
    const path = (cause.path ?? "")
      .replace(/^\//, "")
      .replace(/\//g, ".")
      .replace(/\.(\d+)(?=\.|$)/g, "[$1]");
    const price = /^prices\[(\d+)\]/.exec(path);
    if (price && priceKeys[Number(price[1])]) errors[priceKeys[Number(price[1])]!] = cause.message;
    else if (/^stores\[(\d+)\]/.test(path)) errors.stores = cause.message;
    else if (path.startsWith("categoryIds")) errors.categories = cause.message;
    else if (path.startsWith("photos")) errors.photos = cause.message;
    else if (path.startsWith("attributes")) errors[path.replace(/\.(name|value)\..*$/, ".$1")] = cause.message;
    else if (path === "slug" || path === "product.slug") errors.slug = cause.message;
    else if (path === "product.stock") errors.stock = cause.message;
    else errors.form = cause.message;
  }
  return errors;
}

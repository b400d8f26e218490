import { api } from "../../api/client.js";
import type {
  EcommerceDiscountCodes,
  EcommerceDiscountCodesToCategories,
  EcommerceDiscountCodesToProducts,
  EcommerceShippingRates,
  EcommerceTaxRates,
} from "../../../engine/generated/models.js";
import { fetchPage, type Filter } from "../data/list-query.js";
import { ifMatchHeader } from "../form/guarded-save.js";
import { etagOfRecord } from "../../../common/record-etag.js";
import type { PricingCurrency } from "./pricing-format.js";

/** The records these screens edit, as the generic routes answer them (docs/api.md). */
export type ShippingRate = EcommerceShippingRates;
export type TaxRate = EcommerceTaxRates;
export type DiscountCode = EcommerceDiscountCodes;
export type CodeProduct = EcommerceDiscountCodesToProducts;
export type CodeCategory = EcommerceDiscountCodesToCategories;

export const SHIPPING_RATES = "ecommerce/shipping-rates";
export const TAX_RATES = "ecommerce/tax-rates";
export const DISCOUNT_CODES = "ecommerce/discount-codes";
export const CODE_PRODUCTS = "ecommerce/discount-codes-to-products";
export const CODE_CATEGORIES = "ecommerce/discount-codes-to-categories";
export const PRODUCTS = "ecommerce/products";
export const CATEGORIES = "ecommerce/categories";

/** More rows than one list route answers: a code limited to more products than this is not one the screens expect. */
const ALL = 1000;

/** One page of a model's records, newest first, and their number under the same filters (two calls). */
export async function loadPage<T>(
  modelId: string,
  filters: Filter[],
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<{ rows: T[]; total: number }> {
  const { rows, total } = await fetchPage<T>(
    { id: modelId },
    { filters, sort: { column: "createdAt", desc: true }, ...page },
    signal,
  );
  return { rows, total };
}

/** Every row of a model matching the filters, in one call (a page's relation rows, the currencies). */
export const loadAll = <T>(modelId: string, filters: Filter[], signal?: AbortSignal) =>
  api<T[]>(`/api/${modelId}`, {
    query: { ...(filters.length ? { "filters[and]": JSON.stringify(filters) } : {}), limit: ALL },
    signal,
  });

/** `column` is one of `values` (an empty list matches nothing). */
export const isOneOf = (column: string, values: readonly string[]): Filter => ({
  column,
  method: "inArray",
  value: [...values],
});

export const loadRecord = <T>(modelId: string, id: string, signal?: AbortSignal) =>
  api<T>(`/api/${modelId}/${id}`, { signal });

/**
 * A new record (no id) or the fields of one. `etag`: the state the form was read in, sent as
 * If-Match, so a record someone else saved meanwhile answers 412 instead of being overwritten.
 */
export const saveRecord = <T>(modelId: string, id: string | undefined, data: Record<string, unknown>, etag?: string) =>
  id
    ? api<T>(`/api/${modelId}/${id}`, { method: "PATCH", body: data, headers: ifMatchHeader(etag) })
    : api<T>(`/api/${modelId}`, { method: "POST", body: data });

/** A discount code and the products and categories it is limited to, saved in one transaction (If-Match as saveRecord). */
export const saveDiscountCode = (
  id: string | undefined,
  data: { code: Record<string, unknown>; productIds: string[]; categoryIds: string[] },
  etag?: string,
) =>
  api<{ code: DiscountCode; productIds: string[]; categoryIds: string[] }>(
    id ? `/api/ecommerce/discount-codes/${id}/editor` : "/api/ecommerce/discount-codes/editor",
    { method: id ? "PUT" : "POST", body: data, headers: ifMatchHeader(etag) },
  );

/** A record's state as read (its ETag from id and updatedAt): what its form's next save names as If-Match. */
export const stateOf = (record: object) => etagOfRecord(record as Record<string, unknown>);

export const deleteRecord = (modelId: string, id: string) => api(`/api/${modelId}/${id}`, { method: "DELETE" });

/** The shop's currencies, the default first, then by code. */
export async function loadCurrencies(signal?: AbortSignal): Promise<PricingCurrency[]> {
  const rows = await loadAll<PricingCurrency>("billing/currencies", [], signal);
  return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.slug.localeCompare(b.slug));
}

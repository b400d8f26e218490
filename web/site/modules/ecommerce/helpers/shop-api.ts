import type { Language } from "../../../../../common/site/page-data.js";
import { languageOfPath, withLanguage } from "../../../../../common/i18n/languages.js";
import type { Currency } from "./price.js";

/** The shop's client routes (the original client's, and the demo's cart page), without the language prefix. */
export const CART_PAGE = "/cart";
export const PRODUCTS_PAGE = "/products";
export const SIGN_IN_PAGE = "/rbac/subject/authentication/select-method";

/** The Subject API's shop routes (docs/api.md "Shop wire shapes") for one subject. */
export const shopApi = (subjectId: string) => `/api/rbac/subjects/${encodeURIComponent(subjectId)}/ecommerce-module`;

/**
 * A payment provider's name. The server's provider list is the only list: the checkout select
 * offers what GET /api/billing/payment-intents/providers?as=options answers (use-configured-providers.ts).
 */
export type Provider = string;
/** Only `dummy` works without settings, so forms start on it. */
export const DEFAULT_PROVIDER: Provider = "dummy";
/** A provider as the select shows it. */
export interface ProviderOption {
  value: Provider;
  label: string;
}

/** A total per currency, as the server sends it (`total` is an exact decimal string). */
export interface Total {
  total: string;
  billingModuleCurrency: Currency;
}

export interface OrderLine {
  id: string;
  orderId: string;
  productId: string;
  storeId?: string | null;
  quantity: number;
  /** Cart lines: items left where the line buys (null: not tracked); fewer than `quantity` means the checkout will refuse it. */
  available?: number | null;
  product?: {
    id: string;
    slug?: string;
    title?: unknown;
    adminTitle?: string;
    shortDescription?: unknown;
    shipping?: string;
  } | null;
}

/** An order with its lines and totals: GET {subjects}/{s}/ecommerce-module/orders. */
export interface Order {
  id: string;
  type?: string;
  status?: string;
  comment?: string | null;
  createdAt?: string;
  email?: string | null;
  shippingAddress?: Record<string, string> | null;
  ordersToProducts: OrderLine[];
  total: Total[];
  /**
   * A checked-out order's payment: its invoice's amount (with delivery, tax and discounts) and the
   * orders that one payment was for, this one among them (docs/shop.md "Your orders").
   */
  charged?: Total & { orders: string[] };
}

/** What every checkout answers: the browser goes to the first invoice's payment URL; the orders it checked out. */
export interface CheckoutAnswer {
  billingModule: { invoices: { id: string; paymentUrl?: string | null }[] };
  ecommerceModule?: { orders: { id: string }[] };
}

/** The pages the payer comes back to from the payment page, in the page's language. */
export function returnPaths(language: Language) {
  const cart = withLanguage(CART_PAGE, language);
  return { successUrl: `${cart}?payment=paid`, cancelUrl: `${cart}?payment=declined` };
}

/** The dummy provider's payment page: a page of this site, whatever origin its absolute URL names. */
const DUMMY_PAGE = "/billing/dummy/pay/";

/**
 * Where checkout sends the browser: a site path in the page's language (the dummy page), or the
 * provider's own address. The dummy page's URL is absolute (from PUBLIC_URL, for a frontend on
 * another origin); this site opens it as its own path, so the page keeps its language and origin.
 */
export function paymentHref(answer: CheckoutAnswer, language: Language): string {
  const url = answer.billingModule?.invoices?.[0]?.paymentUrl;
  if (!url) throw new Error("The checkout did not return a payment URL");
  const absolute = /^https?:\/\//i.test(url) ? new URL(url) : undefined;
  const path = absolute?.pathname.startsWith(DUMMY_PAGE) ? `${absolute.pathname}${absolute.search}` : url;
  return path.startsWith("/") && !path.startsWith("//") && !languageOfPath(path) ? withLanguage(path, language) : path;
}

/** Whether any line of the orders is a product that needs shipping (a checkout then asks for the address). */
export const needsShipping = (orders: Pick<Order, "ordersToProducts">[]) =>
  orders.some((o) => o.ordersToProducts.some((l) => l.product?.shipping === "required"));

/** A plausible email, as the server checks it. */
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

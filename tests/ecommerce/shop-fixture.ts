import type { TestApp } from "../helpers/test-app.js";
import { as, register, type SignedIn } from "../rbac/helpers.js";

export const SUBJECTS = "/api/rbac/subjects";
export const cart = (s: SignedIn) => `${SUBJECTS}/${s.subjectId}/ecommerce-module`;

export interface Catalogue {
  usd: Record<string, any>;
  eur: Record<string, any>;
  /** Priced in both currencies: 19.99 USD, 18.50 EUR. */
  shoes: Record<string, any>;
  /** Priced in USD only: 0.10. */
  pencil: Record<string, any>;
  /** No price at all. */
  freebie: Record<string, any>;
  /** Sells shoes at its own price, 17.49 USD. */
  store: Record<string, any>;
}

/** Writes through the generic routes with the secret key, failing loudly. */
export async function create(t: TestApp, model: string, data: unknown) {
  const response = await t.request({ method: "POST", url: `/api/${model}`, payload: { data } });
  if (response.status !== 201) throw new Error(`create ${model}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A price attribute (key of type price) for a product or a store's offer, in a currency. */
export async function price(t: TestApp, key: Record<string, any>, currency: Record<string, any>, number: string) {
  const attribute = await create(t, "ecommerce/attributes", { number, string: {} });
  await create(t, "ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
  await create(t, "ecommerce/attributes-to-billing-module-currencies", {
    attributeId: attribute.id,
    billingModuleCurrencyId: currency.id,
  });
  return attribute;
}

export async function productWithPrices(
  t: TestApp,
  key: Record<string, any>,
  title: string,
  prices: [Record<string, any>, string][],
) {
  const product = await create(t, "ecommerce/products", { adminTitle: title, title: { en: title } });
  for (const [currency, number] of prices) {
    const attribute = await price(t, key, currency, number);
    await create(t, "ecommerce/products-to-attributes", { productId: product.id, attributeId: attribute.id });
  }
  return product;
}

/** Two currencies, a price key, three products and a store with its own price for one. */
export async function catalogue(t: TestApp): Promise<Catalogue> {
  const usd = await create(t, "billing/currencies", {
    slug: "usd",
    symbol: "$",
    adminTitle: "US dollar",
    isDefault: true,
    decimals: 2,
  });
  const eur = await create(t, "billing/currencies", { slug: "eur", symbol: "€", adminTitle: "Euro", decimals: 2 });
  const key = await create(t, "ecommerce/attribute-keys", { adminTitle: "Price", type: "price", field: "number" });
  const shoes = await productWithPrices(t, key, "Shoes", [
    [usd, "19.99"],
    [eur, "18.50"],
  ]);
  const pencil = await productWithPrices(t, key, "Pencil", [[usd, "0.10"]]);
  const freebie = await create(t, "ecommerce/products", { adminTitle: "Freebie" });
  // A feature attribute in USD must not count as a price.
  const feature = await create(t, "ecommerce/attribute-keys", {
    adminTitle: "Weight",
    type: "feature",
    field: "number",
  });
  const weight = await price(t, feature, usd, "1.25");
  await create(t, "ecommerce/products-to-attributes", { productId: freebie.id, attributeId: weight.id });
  const store = await create(t, "ecommerce/stores", { adminTitle: "Outlet" });
  const offer = await create(t, "ecommerce/stores-to-products", {
    storeId: store.id,
    productId: shoes.id,
    sku: "OUT-1",
  });
  const storePrice = await price(t, key, usd, "17.49");
  await create(t, "ecommerce/stores-to-products-to-attributes", {
    storesToProductsId: offer.id,
    attributeId: storePrice.id,
  });
  return { usd, eur, shoes, pencil, freebie, store };
}

export interface Shopper extends SignedIn {
  call: ReturnType<typeof as>;
  base: string;
}

export async function shopper(t: TestApp, email: string): Promise<Shopper> {
  const session = await register(t, email);
  return { ...session, call: as(t, session), base: cart(session) };
}

/** Adds a product to the shopper's cart and returns the cart order touched. */
export async function addToCart(s: Shopper, productId: string, quantity = 1, storeId?: string) {
  const response = await s.call({
    method: "POST",
    url: `${s.base}/orders`,
    payload: { data: { productId, quantity, ...(storeId ? { storeId } : {}) } },
  });
  if (response.status !== 201) throw new Error(`add to cart: ${JSON.stringify(response.body)}`);
  return response.body.data.subjectsToEcommerceModuleOrders[0].order;
}

/** The dummy provider's Pay (or Decline) as its payment page signs it. */
export interface DummyAction {
  body: string;
  signature: string;
}

/**
 * Checks the shopper's cart lines out with the dummy provider (`extra`: shippingAddress and the
 * like beside email) and opens the payment page: its Pay and Decline, ready for dummyWebhook.
 */
export async function dummyCheckout(
  t: TestApp,
  s: Shopper,
  lineIds: string[],
  currencyId: string,
  email: string,
  extra: Record<string, unknown> = {},
) {
  const { status, body } = await s.call({
    method: "POST",
    url: `${s.base}/orders/checkout`,
    payload: {
      data: {
        provider: "dummy",
        email,
        ...extra,
        billingModule: { currency: { id: currencyId } },
        ecommerceModule: { orders: lineIds.map((id) => ({ id })) },
      },
    },
  });
  if (status !== 201 && status !== 200) throw new Error(`checkout: ${JSON.stringify(body)}`);
  const invoice = body.data.billingModule.invoices[0];
  const token = new URL(invoice.paymentUrl, "http://localhost").searchParams.get("token");
  const page = await t.request({
    method: "GET",
    key: null,
    url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
  });
  return page.body.data.actions as { pay: DummyAction; decline: DummyAction };
}

/** The dummy provider's notification of an action, as its page posts it. */
export const dummyWebhook = (t: TestApp, action: DummyAction) =>
  t.request({
    method: "POST",
    key: null,
    url: "/api/billing/payment-intents/dummy/webhook",
    headers: { "content-type": "application/json", "x-dummy-signature": action.signature },
    payload: action.body,
  });

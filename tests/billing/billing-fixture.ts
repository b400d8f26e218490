import type { Config } from "../../server/config.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Catalogue, type Shopper } from "../ecommerce/shop-fixture.js";

export const WEBHOOK = (provider: string) => `/api/billing/payment-intents/${provider}/webhook`;
/** The site address providers are given (the test app's default PUBLIC_URL). */
export const PUBLIC_URL = "http://localhost:3000";

export interface Shop {
  t: TestApp;
  c: Catalogue;
  ann: Shopper;
}

/** An app with these provider settings, the shop fixture's catalogue and a signed-in shopper. */
export async function shopWith(overrides: Partial<Config>): Promise<Shop> {
  const t = await createTestApp(overrides);
  const c = await catalogue(t);
  const ann = await shopper(t, "ann@example.com");
  return { t, c, ann };
}

/** Two pairs of shoes (39.98 USD, 37.00 EUR) checked out with the provider: the response and the order. */
export async function checkOut(shop: Shop, provider: string, currency: Record<string, any> = shop.c.usd, quantity = 2) {
  const order = await addToCart(shop.ann, shop.c.shoes.id, quantity);
  const response = await shop.ann.call({
    method: "POST",
    url: `${shop.ann.base}/orders/checkout`,
    payload: {
      data: {
        provider,
        email: "ann@example.com",
        billingModule: { currency: { id: currency.id } },
        ecommerceModule: { orders: [{ id: order.id }] },
      },
    },
  });
  return {
    response,
    order,
    invoice: response.body?.data?.billingModule?.invoices?.[0],
    intent: response.body?.data?.billingModule?.paymentIntents?.[0],
  };
}

/** What a notification may change: the invoice (status, flag), its intent, its order. */
export async function stateOf(t: TestApp, ids: { invoice: string; intent: string; order: string }) {
  const get = async (url: string) => (await t.request({ method: "GET", url })).body.data;
  const invoice = await get(`/api/billing/invoices/${ids.invoice}`);
  const intent = await get(`/api/billing/payment-intents/${ids.intent}`);
  const order = await get(`/api/ecommerce/orders/${ids.order}`);
  return {
    invoice: invoice.status as string,
    flag: invoice.flag as string | null,
    intent: intent.status as string,
    order: `${order.type}/${order.status}`,
  };
}

/** A notification posted as the provider would: no session, no secret key, the exact bytes. */
export const notify = (t: TestApp, provider: string, body: string, headers: Record<string, string>, query = "") =>
  t.request({ method: "POST", key: null, url: `${WEBHOOK(provider)}${query}`, headers, payload: body });

/** After a declined payment (the order unpaid in the orders list): Back to cart, then the cart order deleted. */
export async function dropDeclined(shop: Shop, orderId: string) {
  const back = await shop.ann.call({ method: "POST", url: `${shop.ann.base}/orders/${orderId}/back-to-cart` });
  if (back.status !== 200) throw new Error(`back to cart: ${back.status}`);
  await shop.ann.call({ method: "DELETE", url: `${shop.ann.base}/orders/${orderId}` });
}

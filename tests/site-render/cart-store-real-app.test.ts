import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { api } from "../../web/api/client.js";
import { CartStore, EMPTY_CART } from "../../web/site/modules/ecommerce/cart/cart-store.js";
import { injectFetch } from "../helpers/inject-fetch.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register, subjectOf } from "../rbac/helpers.js";
import { catalogue, type Catalogue } from "../ecommerce/shop-fixture.js";

// The cart store on the site's own client against the real app (its fetch routed to app.inject,
// the session cookie kept like a browser's): the cart rows it changes are the server's.
describe(`cart store, against the real app on ${testDialect}`, () => {
  let t: TestApp;
  let shop: Catalogue;
  const rows = async (model: string, column: string, value: string) =>
    (
      await t.request({
        method: "GET",
        url: `/api/${model}?filters[and][0][column]=${column}&filters[and][0][method]=eq&filters[and][0][value]=${value}`,
      })
    ).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await catalogue(t);
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => t?.close());

  /** A browser signed in through the sign-in route: the server's session cookie is in its jar. */
  async function signedInBrowser(email: string) {
    await register(t, email);
    const site = injectFetch(t.app);
    vi.stubGlobal("fetch", site.fetch);
    const tokens = await api<{ jwt: string }>(`${AUTH}/email-and-password/authentication`, {
      method: "POST",
      body: { login: email, password: PASSWORD },
      raw: true,
    });
    site.requests.length = 0;
    return { site, subjectId: subjectOf(tokens.jwt) };
  }

  test("loads a subject's cart once, default currency first; adds, updates and deletes, each followed by a reload; the server's rows follow", async () => {
    const { site, subjectId } = await signedInBrowser("cart-ann@example.com");
    const base = `/api/rbac/subjects/${subjectId}/ecommerce-module`;
    const store = new CartStore(api);
    store.ensure(subjectId);
    store.ensure(subjectId);
    await expect.poll(() => store.getSnapshot().loaded).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ subjectId, orders: [], quantity: 0 });
    expect(site.requests.filter((r) => r === `GET ${base}/orders`)).toHaveLength(1);

    site.requests.length = 0;
    await store.add(shop.shoes.id, 2);
    const added = store.getSnapshot();
    expect(added.quantity).toBe(2);
    expect(added.total.map((total) => [total.billingModuleCurrency.slug, total.total])).toEqual([
      ["usd", "39.98"],
      ["eur", "37.00"],
    ]);
    const order = added.orders[0]!;
    expect(
      order.total.map((total) => [total.billingModuleCurrency.slug, total.billingModuleCurrency.isDefault]),
    ).toEqual([
      ["usd", true],
      ["eur", false],
    ]);
    // The add made a real cart order of this subject, with the product's line.
    expect(
      (await rows("rbac/subjects-to-ecommerce-module-orders", "subjectId", subjectId)).map(
        (link: { ecommerceModuleOrderId: string }) => link.ecommerceModuleOrderId,
      ),
    ).toEqual([order.id]);
    expect(await rows("ecommerce/orders-to-products", "orderId", order.id)).toEqual([
      expect.objectContaining({ productId: shop.shoes.id, quantity: 2 }),
    ]);

    await store.setQuantity(order.id, order.ordersToProducts[0]!.id, 5);
    expect(store.getSnapshot().quantity).toBe(5);
    expect(store.getSnapshot().total.map((total) => total.total)).toEqual(["99.95", "92.50"]);
    expect(await rows("ecommerce/orders-to-products", "orderId", order.id)).toEqual([
      expect.objectContaining({ quantity: 5 }),
    ]);

    await store.remove(order.id);
    expect(store.getSnapshot()).toMatchObject({ orders: [], quantity: 0 });
    expect(await rows("rbac/subjects-to-ecommerce-module-orders", "subjectId", subjectId)).toEqual([]);

    expect(site.requests.filter((r) => !r.startsWith("GET"))).toEqual([
      `POST ${base}/orders`,
      `PATCH ${base}/orders/${order.id}`,
      `DELETE ${base}/orders/${order.id}`,
    ]);
    expect(site.requests.filter((r) => r === `GET ${base}/orders`)).toHaveLength(3);
    store.clear();
    expect(store.getSnapshot()).toEqual(EMPTY_CART);
  });

  test("adds from a store at the store's price", async () => {
    const { subjectId } = await signedInBrowser("cart-ben@example.com");
    const store = new CartStore(api);
    store.ensure(subjectId);
    await expect.poll(() => store.getSnapshot().loaded).toBe(true);
    await store.add(shop.shoes.id, 1, shop.store.id);
    const [order] = store.getSnapshot().orders;
    expect(order!.ordersToProducts[0]).toMatchObject({ productId: shop.shoes.id, storeId: shop.store.id, quantity: 1 });
    // The store's own dollar price, not the product's 19.99 (it has none in euros of its own).
    expect(order!.total.map((total) => [total.billingModuleCurrency.slug, total.total])).toContainEqual([
      "usd",
      "17.49",
    ]);
  });

  test("a failed load says why (the server's refusal) and shows an empty cart instead of a skeleton for ever", async () => {
    const someone = await register(t, "cart-cid@example.com");
    // A visitor's browser, no session: the server refuses someone's cart.
    vi.stubGlobal("fetch", injectFetch(t.app).fetch);
    const messages: string[] = [];
    const store = new CartStore(api, EMPTY_CART, (m) => messages.push(m));
    store.ensure(someone.subjectId);
    await expect.poll(() => store.getSnapshot().loaded).toBe(true);
    expect(store.getSnapshot().orders).toEqual([]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^(Authentication|Permission) error.* \| 40[13] (Unauthorized|Forbidden)$/);
  });
});

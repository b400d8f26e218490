import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import {
  addToCart,
  catalogue,
  create,
  dummyCheckout,
  dummyWebhook,
  shopper,
  type Catalogue,
  type Shopper,
} from "../ecommerce/shop-fixture.js";

// With drafts on, every shop path reads the published product (docs/shop.md, docs/drafts.md): a
// product off the site — never published, or taken off (unpublish takes its price rows with it) — is
// not for sale by any checkout and its prices are not shown; a past order keeps the title and price
// it was bought at, whatever the product becomes; the out-of-stock 409 names the published title.
describe(`the shop sells only published products, on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;
  /** Published, then taken off the site: its price rows stay published. */
  let lamp: Record<string, any>;
  let lampOrderId: string;

  const editor = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const publish = async (id: string) =>
    expect((await editor("POST", `/api/ecommerce/products/${id}/publish`)).status).toBe(200);
  const oneStep = (productId: string, extra: Record<string, unknown> = {}) =>
    ann.call({
      method: "POST",
      url: `${ann.base}/products/${productId}/checkout`,
      payload: { data: { email: "ann@example.com", ...extra } },
    });
  const history = async () =>
    (await ann.call({ method: "GET", url: `${ann.base}/orders?type=history` })).body.data as any[];

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
    await publish(c.shoes.id);
    lamp = await create(t, "ecommerce/products", { adminTitle: "Lamp", title: { en: "Lamp" } });
    expect(
      (
        await editor("PUT", `/api/ecommerce/products/${lamp.id}/prices`, {
          prices: [{ currencyId: c.usd.id, amount: "12.00" }],
        })
      ).status,
    ).toBe(200);
    await publish(lamp.id);
    // In a cart while it was for sale, then taken off the site.
    lampOrderId = (await addToCart(ann, lamp.id)).id;
    expect((await editor("POST", `/api/ecommerce/products/${lamp.id}/unpublish`)).status).toBe(200);
  });
  afterAll(() => t?.close());

  it.each([
    {
      case: "a product taken off the site, its prices still published",
      product: () => lamp.id,
      extra: () => ({}),
      status: 404,
    },
    { case: "a product never published", product: () => c.pencil.id, extra: () => ({}), status: 404 },
    {
      case: "a published product from a store never published",
      product: () => c.shoes.id,
      extra: () => ({ storeId: c.store.id }),
      status: 404,
    },
  ])("the one-step checkout refuses $case: $status, and no order is made", async ({ product, extra, status }) => {
    const before = (await history()).length;
    const response = await oneStep(product(), extra());
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.message).toMatch(/was not found/);
    expect((await history()).length).toBe(before);
  });

  it("a cart line whose product left the site is not checked out (404), and its prices are not shown to visitors", async () => {
    const response = await ann.call({
      method: "POST",
      url: `${ann.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "ann@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: lampOrderId }] },
        },
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    const cartTotal = (await ann.call({ method: "GET", url: `${ann.base}/orders/total` })).body.data;
    expect(cartTotal).toEqual([]);
    // Prices: a visitor and a member get the 404 a product off the site is; an editor its working prices.
    expect(
      (await t.request({ method: "GET", key: null, url: `/api/ecommerce/products/${lamp.id}/prices` })).status,
    ).toBe(404);
    expect((await ann.call({ method: "GET", url: `/api/ecommerce/products/${lamp.id}/prices` })).status).toBe(404);
    expect((await editor("GET", `/api/ecommerce/products/${lamp.id}/prices`)).body.data.prices).toEqual([
      { currencyId: c.usd.id, amount: "12.00", storeId: null },
    ]);
  });

  it("an order keeps the title and price it was bought at: an unpublished rename never shows, nor a later published rename and price", async () => {
    expect(
      (await editor("PATCH", `/api/ecommerce/products/${c.shoes.id}`, { title: { en: "Secret shoes" } })).status,
    ).toBe(200);
    const bought = await oneStep(c.shoes.id, { quantity: 2 });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const orderId = bought.body.data.ecommerceModule.orders[0].id as string;
    expect(bought.body.data.billingModule.invoices[0].amount).toBe("39.98");
    const shown = async () => {
      const order = (await history()).find((o) => o.id === orderId);
      const token = t.app.shop.links.token(orderId);
      const linked = (
        await t.request({ method: "GET", key: null, url: `/api/ecommerce/order-links/${orderId}?token=${token}` })
      ).body.data;
      const desk = (await editor("GET", `/api/ecommerce/orders/${orderId}/desk`)).body.data;
      return {
        history: [order.ordersToProducts[0].product.title.en, order.total[0]?.total],
        link: [linked.ordersToProducts[0].product.title.en, linked.total[0]?.total],
        desk: desk.lines[0].title,
      };
    };
    const asBought = { history: ["Shoes", "39.98"], link: ["Shoes", "39.98"], desk: "Shoes" };
    expect(await shown()).toEqual(asBought);
    // The rename published, with a new price: the order still says what was bought.
    const links = (await editor("GET", `/api/ecommerce/products/${c.shoes.id}/prices`)).body.data.prices;
    await editor("PATCH", `/api/ecommerce/products/${c.shoes.id}`, { title: { en: "Sneakers" } });
    await editor("PUT", `/api/ecommerce/products/${c.shoes.id}/prices`, {
      prices: links.map((p: any) => (p.currencyId === c.usd.id && p.storeId === null ? { ...p, amount: "25.00" } : p)),
    });
    await publish(c.shoes.id);
    expect(await shown()).toEqual(asBought);
    // Paid after the change: its mail (and receipt) count what was charged.
    const order = await addToCart(ann, c.shoes.id);
    const actions = await dummyCheckout(t, ann, [order.id], c.usd.id, "ann@example.com");
    await editor("PUT", `/api/ecommerce/products/${c.shoes.id}/prices`, {
      prices: [{ currencyId: c.usd.id, amount: "31.00" }],
    });
    await publish(c.shoes.id);
    expect((await dummyWebhook(t, actions.pay)).status).toBe(200);
    await t.app.notifications.flush();
    const mails = (await editor("GET", "/api/notification/notifications?limit=500")).body.data.filter(
      (n: any) => n.data?.orderId === order.id && n.data?.status === "approving",
    );
    expect(mails.map((m: any) => m.data.total)).toEqual(["$25.00"]);
  });

  it("Pay now after a decline charges today's published price and keeps it on the line; for a product taken off the site since, it is a 404", async () => {
    const payNow = (orderId: string) => ann.call({ method: "POST", url: `${ann.base}/orders/${orderId}/pay` });
    const declined = async (productId: string) => {
      const order = await addToCart(ann, productId);
      const actions = await dummyCheckout(t, ann, [order.id], c.usd.id, "ann@example.com");
      expect((await dummyWebhook(t, actions.decline)).status).toBe(200);
      return order.id as string;
    };
    const shoes = await declined(c.shoes.id);
    await editor("PUT", `/api/ecommerce/products/${c.shoes.id}/prices`, {
      prices: [{ currencyId: c.usd.id, amount: "33.00" }],
    });
    await publish(c.shoes.id);
    const again = await payNow(shoes);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.billingModule.invoices[0].amount).toBe("33.00");
    const order = (await history()).find((o) => o.id === shoes);
    expect([order.ordersToProducts[0].price, order.total[0]?.total]).toEqual(["33.00", "33.00"]);

    const bag = await create(t, "ecommerce/products", { adminTitle: "Bag", title: { en: "Bag" } });
    expect(
      (
        await editor("PUT", `/api/ecommerce/products/${bag.id}/prices`, {
          prices: [{ currencyId: c.usd.id, amount: "8.00" }],
        })
      ).status,
    ).toBe(200);
    await publish(bag.id);
    const bagOrder = await declined(bag.id);
    expect((await editor("POST", `/api/ecommerce/products/${bag.id}/unpublish`)).status).toBe(200);
    const refused = await payNow(bagOrder);
    expect(refused.status, JSON.stringify(refused.body)).toBe(404);
  });

  it("whether a line ships is the published product's: an unpublished change to shipping asks no address yet", async () => {
    const mug = await create(t, "ecommerce/products", { adminTitle: "Mug", title: { en: "Mug" }, shipping: "none" });
    expect(
      (
        await editor("PUT", `/api/ecommerce/products/${mug.id}/prices`, {
          prices: [{ currencyId: c.usd.id, amount: "4.00" }],
        })
      ).status,
    ).toBe(200);
    await publish(mug.id);
    expect((await editor("PATCH", `/api/ecommerce/products/${mug.id}`, { shipping: "required" })).status).toBe(200);
    const bought = await oneStep(mug.id);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await publish(mug.id);
    const refused = await oneStep(mug.id);
    expect(refused.status).toBe(400);
    expect(refused.body.cause[0].path).toMatch(/^\/shippingAddress/);
  });

  it("the out-of-stock 409 names the product by its published title, never an unpublished rename", async () => {
    expect((await editor("PATCH", `/api/ecommerce/products/${c.shoes.id}`, { stock: 0 })).status).toBe(200);
    await publish(c.shoes.id);
    expect(
      (await editor("PATCH", `/api/ecommerce/products/${c.shoes.id}`, { title: { en: "Unreleased name" } })).status,
    ).toBe(200);
    for (const response of [
      await ann.call({
        method: "POST",
        url: `${ann.base}/orders`,
        payload: { data: { productId: c.shoes.id, quantity: 1 } },
      }),
      await oneStep(c.shoes.id),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body.message).toBe("Conflict error: Sneakers is out of stock");
    }
  });
});

import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, create, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";

const WEBHOOK = "/api/billing/payment-intents/dummy/webhook";
const DUMMY_SECRET = "dummy secret for the stock tests, 32+ characters";

// Stock: counted on products and on a store's offer,
// reserved inside the checkout's transaction under row locks (never oversold), given back when
// the payment fails, is declined or canceled (and taken again by Pay now), or the order is
// refunded or canceled; an add to
// cart of a sold-out product is a 409; cart lines say what is left.
describe(`stock (${testDialect})`, () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Shopper;

  const setStock = async (
    model: "ecommerce/products" | "ecommerce/stores-to-products",
    id: string,
    stock: number | null,
  ) => {
    const response = await t.request({ method: "PATCH", url: `/api/${model}/${id}`, payload: { data: { stock } } });
    expect(response.status).toBe(200);
  };
  const stockOf = async (model: "ecommerce/products" | "ecommerce/stores-to-products", id: string) =>
    (await t.request({ method: "GET", url: `/api/${model}/${id}` })).body.data.stock;
  const orderOf = async (id: string) =>
    (await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}` })).body.data;
  const checkout = (s: Shopper, orderIds: string[], email = "buyer@example.com") =>
    s.call({
      method: "POST",
      url: `${s.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email,
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: orderIds.map((id) => ({ id })) },
        },
      },
    });
  /** The dummy payment page's signed actions for a checkout's invoice. */
  const actions = async (invoice: { id: string; paymentUrl: string }) => {
    const token = new URL(invoice.paymentUrl, "http://site.test").searchParams.get("token");
    return (
      await t.request({
        method: "GET",
        key: null,
        url: `/api/billing/payment-intents/dummy/invoices/${invoice.id}?token=${token}`,
      })
    ).body.data.actions;
  };
  const post = (body: string, signature = createHmac("sha256", DUMMY_SECRET).update(body).digest("hex")) =>
    t.request({
      method: "POST",
      key: null,
      url: WEBHOOK,
      headers: { "content-type": "application/json", "x-dummy-signature": signature },
      payload: body,
    });
  /** A product priced 5.00 USD with `stock` items. */
  const product = async (title: string, stock: number | null) => {
    const key = (await t.request({ method: "GET", url: "/api/ecommerce/attribute-keys?limit=1" })).body.data[0];
    const row = await create(t, "ecommerce/products", {
      adminTitle: title,
      title: { en: title, ru: `${title} (ru)` },
      stock,
    });
    const attribute = await create(t, "ecommerce/attributes", { number: "5.00", string: {} });
    await create(t, "ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
    await create(t, "ecommerce/attributes-to-billing-module-currencies", {
      attributeId: attribute.id,
      billingModuleCurrencyId: c.usd.id,
    });
    await create(t, "ecommerce/products-to-attributes", { productId: row.id, attributeId: attribute.id });
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp({ paymentDummySecret: DUMMY_SECRET });
    c = await catalogue(t);
    ann = await shopper(t, "ann@example.com");
  });
  afterAll(() => t?.close());

  it("20 buyers check out the last 3 at once: exactly 3 invoices, 17 answers 409 naming the product, stock 0", async () => {
    const lamp = await product("Desk lamp", 3);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(t, `racer${i}@example.com`)));
    const carts = await Promise.all(buyers.map((b) => addToCart(b, lamp.id, 1)));
    const invoicesBefore = (await t.request({ method: "GET", url: "/api/billing/invoices/count" })).body.data;
    // PostgreSQL: truly concurrent (a pool of connections); PGlite's one connection runs them one by one.
    const answers = await Promise.all(buyers.map((b, i) => checkout(b, [carts[i].id])));
    const statuses = answers.map((a) => a.status);
    console.log(
      `[${testDialect}] 20 checkouts of 3 lamps: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 409).length} × 409`,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe("Conflict error: Desk lamp is out of stock");
      expect(refused.body.cause).toEqual([{ path: `/stock/${lamp.id}`, message: "out of stock" }]);
    }
    expect(await stockOf("ecommerce/products", lamp.id)).toBe(0);
    expect((await t.request({ method: "GET", url: "/api/billing/invoices/count" })).body.data).toBe(invoicesBefore + 3);
    // The refused buyers' orders are still in their carts, and the cart says none are left.
    const refusedBuyer = buyers[statuses.indexOf(409)]!;
    const cart = (await refusedBuyer.call({ method: "GET", url: `${refusedBuyer.base}/orders` })).body.data;
    expect(cart[0]).toMatchObject({ type: "cart", status: "new" });
    expect(cart[0].ordersToProducts[0]).toMatchObject({ quantity: 1, available: 0 });
  });

  it("a checkout of more than is left: 409 'only N left', nothing taken, the order still in the cart", async () => {
    const vase = await product("Vase", 3);
    const order = await addToCart(ann, vase.id, 3);
    const line = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.find(
      (o: any) => o.id === order.id,
    ).ordersToProducts[0];
    expect(line.available).toBe(3);
    // Two more vases in the same cart (through the owner lowering the count meanwhile): 3 asked, 2 left.
    await setStock("ecommerce/products", vase.id, 2);
    const refused = await checkout(ann, [order.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Conflict error: Vase: only 2 left");
    expect(refused.body.cause).toEqual([{ path: `/stock/${vase.id}`, message: "only 2 left" }]);
    expect(await stockOf("ecommerce/products", vase.id)).toBe(2);
    expect(await orderOf(order.id)).toMatchObject({ type: "cart", status: "new" });
    const flagged = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.find(
      (o: any) => o.id === order.id,
    ).ordersToProducts[0];
    expect(flagged).toMatchObject({ quantity: 3, available: 2 });
    await ann.call({ method: "DELETE", url: `${ann.base}/orders/${order.id}` });
  });

  it("add to cart: a sold-out product is a 409, and so is a line past what is left; untracked products are never refused", async () => {
    const soldOut = await product("Poster", 0);
    const refused = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: { data: { productId: soldOut.id, quantity: 1 } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Conflict error: Poster is out of stock");
    expect(refused.body.cause).toEqual([{ path: `/stock/${soldOut.id}`, message: "out of stock" }]);
    expect(
      (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.some(
        (o: any) => o.ordersToProducts[0].productId === soldOut.id,
      ),
    ).toBe(false);

    const two = await product("Candle", 2);
    await addToCart(ann, two.id, 2);
    const third = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: { data: { productId: two.id, quantity: 1 } },
    });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe("Conflict error: Candle: only 2 left");

    const untracked = await addToCart(ann, c.pencil.id, 500);
    expect(untracked.ordersToProducts[0].quantity).toBe(500);
    const line = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data.find(
      (o: any) => o.id === untracked.id,
    ).ordersToProducts[0];
    expect(line.available).toBeNull();
    const paid = await checkout(ann, [untracked.id]);
    expect(paid.status).toBe(200);
    expect(await stockOf("ecommerce/products", c.pencil.id)).toBeNull();
  });

  it("a declined payment gives the items back; Pay now reserves them again, or is a 409 'only N left' when they are gone", async () => {
    const mug = await product("Mug", 4);
    const order = await addToCart(ann, mug.id, 3);
    const first = await checkout(ann, [order.id]);
    expect(first.status).toBe(200);
    expect(await stockOf("ecommerce/products", mug.id)).toBe(1);
    const { decline } = await actions(first.body.data.billingModule.invoices[0]);
    expect((await post(decline.body, decline.signature)).body.data.outcome).toBe("applied");
    // Unpaid in the orders list (Pay now), no longer holding its items.
    expect(await orderOf(order.id)).toMatchObject({ type: "history", status: "paying" });
    expect(await stockOf("ecommerce/products", mug.id)).toBe(4);
    // The reservation is gone with the items it held (an internal table: no route shows it).
    const reservations = () =>
      t.database.db
        .selectFrom("ecommerce_stock_reservations")
        .select("quantity")
        .where("productId", "=", mug.id)
        .execute();
    expect(await reservations()).toEqual([]);
    // The same notification again gives nothing back twice.
    await post(decline.body, decline.signature);
    expect(await stockOf("ecommerce/products", mug.id)).toBe(4);
    // Meanwhile two were sold elsewhere: Pay now for 3 is refused, and nothing changes.
    await setStock("ecommerce/products", mug.id, 2);
    const short = await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/pay` });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe("Conflict error: Mug: only 2 left");
    expect(await orderOf(order.id)).toMatchObject({ type: "history", status: "paying" });
    expect(await stockOf("ecommerce/products", mug.id)).toBe(2);
    await setStock("ecommerce/products", mug.id, 4);
    const again = await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/pay` });
    expect(again.status).toBe(200);
    expect(again.body.data.billingModule.invoices[0].id).not.toBe(first.body.data.billingModule.invoices[0].id);
    expect(await stockOf("ecommerce/products", mug.id)).toBe(1);
    expect(await reservations()).toEqual([{ quantity: 3 }]);
    // Paid: the items stay sold; a refund cancels the order and gives them back.
    const { pay } = await actions(again.body.data.billingModule.invoices[0]);
    expect((await post(pay.body, pay.signature)).body.data.outcome).toBe("applied");
    expect(await stockOf("ecommerce/products", mug.id)).toBe(1);
    const refund = JSON.stringify({ ...JSON.parse(pay.body), id: "evt_stock_refund", type: "refunded" });
    expect((await post(refund)).body.data.outcome).toBe("applied");
    expect(await orderOf(order.id)).toMatchObject({ status: "canceled" });
    expect(await stockOf("ecommerce/products", mug.id)).toBe(4);
  });

  it("a payment canceled at the provider, and one the provider could not create, give the items back; Back to cart gives nothing twice", async () => {
    const jar = await product("Jar", 2);
    const order = await addToCart(ann, jar.id, 2);
    const started = await checkout(ann, [order.id]);
    expect(await stockOf("ecommerce/products", jar.id)).toBe(0);
    const { decline } = await actions(started.body.data.billingModule.invoices[0]);
    const canceled = JSON.stringify({ ...JSON.parse(decline.body), id: "evt_stock_cancel", type: "canceled" });
    expect((await post(canceled)).body.data.outcome).toBe("applied");
    expect(await orderOf(order.id)).toMatchObject({ type: "history", status: "paying" });
    expect(await stockOf("ecommerce/products", jar.id)).toBe(2);
    expect((await ann.call({ method: "POST", url: `${ann.base}/orders/${order.id}/back-to-cart` })).status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ type: "cart", status: "new" });
    expect(await stockOf("ecommerce/products", jar.id)).toBe(2);
    // The dummy provider fails to create a payment for @decline.invalid: 502, orders back, items back.
    const failed = await checkout(ann, [order.id], "nobody@decline.invalid");
    expect(failed.status).toBe(502);
    expect(await orderOf(order.id)).toMatchObject({ type: "cart", status: "new" });
    expect(await stockOf("ecommerce/products", jar.id)).toBe(2);
    await ann.call({ method: "DELETE", url: `${ann.base}/orders/${order.id}` });
  });

  it("an order the owner cancels gives its items back (through the status-change job), once", async () => {
    const bowl = await product("Bowl", 5);
    const order = await addToCart(ann, bowl.id, 2);
    const started = await checkout(ann, [order.id]);
    const { pay } = await actions(started.body.data.billingModule.invoices[0]);
    await post(pay.body, pay.signature);
    expect(await orderOf(order.id)).toMatchObject({ status: "approving" });
    expect(await stockOf("ecommerce/products", bowl.id)).toBe(3);
    const patched = await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${order.id}`,
      payload: { data: { status: "canceled" } },
    });
    expect(patched.status).toBe(200);
    await t.app.notifications.flush();
    expect(await stockOf("ecommerce/products", bowl.id)).toBe(5);
    // Moved on and canceled again: nothing is given back twice.
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${order.id}`,
      payload: { data: { status: "packaging" } },
    });
    await t.request({
      method: "PATCH",
      url: `/api/ecommerce/orders/${order.id}`,
      payload: { data: { status: "canceled" } },
    });
    await t.app.notifications.flush();
    expect(await stockOf("ecommerce/products", bowl.id)).toBe(5);
  });

  it("a store's own count serves lines added from that store (and gets them back); the product's count the others", async () => {
    const offer = (
      await t.request({
        method: "GET",
        url: `/api/ecommerce/stores-to-products?filters[and][0][column]=storeId&filters[and][0][method]=eq&filters[and][0][value]=${c.store.id}`,
      })
    ).body.data[0];
    await setStock("ecommerce/stores-to-products", offer.id, 1);
    await setStock("ecommerce/products", c.shoes.id, 10);
    const fromStore = await addToCart(ann, c.shoes.id, 1, c.store.id);
    const more = await ann.call({
      method: "POST",
      url: `${ann.base}/orders`,
      payload: { data: { productId: c.shoes.id, quantity: 1, storeId: c.store.id } },
    });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe("Conflict error: Shoes: only 1 left");
    const direct = await addToCart(ann, c.shoes.id, 4);
    const lines = (await ann.call({ method: "GET", url: `${ann.base}/orders` })).body.data;
    expect(lines.find((o: any) => o.id === fromStore.id).ordersToProducts[0].available).toBe(1);
    expect(lines.find((o: any) => o.id === direct.id).ordersToProducts[0].available).toBe(10);
    const started = await checkout(ann, [fromStore.id, direct.id]);
    expect(started.status).toBe(200);
    expect(await stockOf("ecommerce/stores-to-products", offer.id)).toBe(0);
    expect(await stockOf("ecommerce/products", c.shoes.id)).toBe(6);
    const { decline } = await actions(started.body.data.billingModule.invoices[0]);
    await post(decline.body, decline.signature);
    expect(await stockOf("ecommerce/stores-to-products", offer.id)).toBe(1);
    expect(await stockOf("ecommerce/products", c.shoes.id)).toBe(10);
    await setStock("ecommerce/products", c.shoes.id, null);
    await setStock("ecommerce/stores-to-products", offer.id, null);
  });

  it("the one-step product checkout reserves too: a sold-out product is a 409 and leaves no order behind", async () => {
    const print = await product("Print", 1);
    const buy = (quantity: number) =>
      ann.call({
        method: "POST",
        url: `${ann.base}/products/${print.id}/checkout`,
        payload: { data: { provider: "dummy", email: "ann@example.com", quantity } },
      });
    const ordersBefore = (await t.request({ method: "GET", url: "/api/ecommerce/orders/count" })).body.data;
    const tooMany = await buy(2);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("Conflict error: Print: only 1 left");
    expect((await t.request({ method: "GET", url: "/api/ecommerce/orders/count" })).body.data).toBe(ordersBefore);
    expect((await buy(1)).status).toBe(200);
    expect(await stockOf("ecommerce/products", print.id)).toBe(0);
    expect((await buy(1)).body.message).toBe("Conflict error: Print is out of stock");
  });

  it("20 buyers take the one-step checkout of the last 10 at once: 10 × 200 and 10 × 409, no deadlock", async () => {
    // The one-step checkout writes its order line (a key-share lock on the product, through the
    // line's foreign key) before it locks the count: a FOR UPDATE there made two such checkouts
    // wait on each other (PostgreSQL's "deadlock detected", a 500) under load.
    const poster = await product("Poster", 10);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(t, `poster${i}@example.com`)));
    const answers = await Promise.all(
      buyers.map((b) =>
        b.call({
          method: "POST",
          url: `${b.base}/products/${poster.id}/checkout`,
          payload: { data: { provider: "dummy", email: "buyer@example.com", quantity: 1 } },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.find((a) => a.status >= 500)?.body)).toEqual([
      ...Array(10).fill(200),
      ...Array(10).fill(409),
    ]);
    expect(await stockOf("ecommerce/products", poster.id)).toBe(0);
  });

  it("stock is a whole number of at least 0, or empty", async () => {
    const row = await product("Cup", null);
    for (const stock of [-1, 1.5, "ten"]) {
      const response = await t.request({
        method: "PATCH",
        url: `/api/ecommerce/products/${row.id}`,
        payload: { data: { stock } },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("/stock");
    }
  });
});

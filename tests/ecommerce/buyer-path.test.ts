import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, bearer, lastMail, subjectOf, type SignedIn } from "../rbac/helpers.js";
import { addToCart, cart, catalogue, create, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";
import { remindUnpaid } from "../../server/modules/ecommerce/unpaid-reminders.js";

const DUMMY_SECRET = "dummy secret for the tests, 32+ characters long";
const ADDRESS = { name: "Ann Buyer", line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" };

// The buyer's path over the API (docs/shop.md): a guest's cart and checkout (email and shipping
// address), the cart kept at sign-up and merged at sign-in, pay again, the unpaid-order expiry
// and the mailed order link.
describe("the buyer's path: guest checkout, address, cart merge, pay again, expiry, order link", () => {
  let t: TestApp;
  let c: Catalogue;
  /** A product that needs shipping (the demo's mug), 12.00 USD. */
  let mug: Record<string, any>;

  /** A guest: a session from authentication/init, nothing else. */
  const guest = async (): Promise<Shopper> => {
    const response = await t.request({ method: "GET", key: null, url: `${AUTH}/init` });
    expect(response.status).toBe(200);
    const session: SignedIn = {
      subjectId: subjectOf(response.body.data.jwt),
      jwt: response.body.data.jwt,
      refresh: response.body.data.refresh,
    };
    return { ...session, call: as(t, session), base: cart(session) };
  };
  const checkout = (s: Shopper, orderIds: string[], extra: Record<string, unknown> = {}) =>
    s.call({
      method: "POST",
      url: `${s.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "buyer@example.com",
          ecommerceModule: { orders: orderIds.map((id) => ({ id })) },
          ...extra,
        },
      },
    });
  const cartOf = async (s: Shopper) => (await s.call({ method: "GET", url: `${s.base}/orders` })).body.data as any[];
  const lines = (orders: any[]) =>
    orders.flatMap((o) => o.ordersToProducts.map((l: any) => [l.productId, l.quantity])).sort();
  const invoicesOf = async (orderId: string) =>
    (
      await sql<{ id: string; status: string; amount: string; paymentUrl: string | null }>`
      SELECT DISTINCT i.id, i.status, i.amount::text AS amount, i."paymentUrl" FROM billing_invoices i
      JOIN billing_payment_intents_to_invoices pii ON pii."invoiceId" = i.id
      JOIN ecommerce_orders_to_billing_module_payment_intents op ON op."billingModulePaymentIntentId" = pii."paymentIntentId"
      WHERE op."orderId" = ${orderId}`.execute(t.database.db)
    ).rows;
  const orderRow = async (id: string) =>
    (await t.request({ method: "GET", url: `/api/ecommerce/orders/${id}` })).body.data;
  const signIn = (login: string, session?: SignedIn) =>
    t.request({
      method: "POST",
      key: null,
      url: `${AUTH}/email-and-password/authentication`,
      headers: session ? bearer(session.jwt) : {},
      payload: { login, password: PASSWORD },
    });

  beforeAll(async () => {
    t = await createTestApp({ paymentDummySecret: DUMMY_SECRET, unpaidOrderMaxAgeHours: 2 });
    c = await catalogue(t);
    const key = (await t.request({ method: "GET", url: "/api/ecommerce/attribute-keys?limit=10" })).body.data.find(
      (k: any) => k.type === "price",
    );
    mug = await create(t, "ecommerce/products", { adminTitle: "Mug", title: { en: "Mug" }, shipping: "required" });
    const attribute = await create(t, "ecommerce/attributes", { number: "12.00", string: {} });
    await create(t, "ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
    await create(t, "ecommerce/attributes-to-billing-module-currencies", {
      attributeId: attribute.id,
      billingModuleCurrencyId: c.usd.id,
    });
    await create(t, "ecommerce/products-to-attributes", { productId: mug.id, attributeId: attribute.id });
  });
  afterAll(() => t?.close());

  it("a guest adds to the cart and checks out: the address is required for a product that ships, and stored with the email on the order", async () => {
    const g = await guest();
    const order = await addToCart(g, mug.id, 2);
    const without = await checkout(g, [order.id]);
    expect(without.status).toBe(400);
    expect(JSON.stringify(without.body)).toContain("/shippingAddress");
    expect(JSON.stringify(without.body)).toContain("is required");
    expect((await orderRow(order.id)).status).toBe("new");
    const done = await checkout(g, [order.id], {
      shippingAddress: { ...ADDRESS, line2: " Apt 4 ", phone: "+49 30 1234567" },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.billingModule.invoices[0]).toMatchObject({
      amount: "24.00",
      paymentUrl: expect.stringContaining("/billing/dummy/pay/"),
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: "paying",
      email: "buyer@example.com",
      shippingAddress: { ...ADDRESS, line2: "Apt 4", phone: "+49 30 1234567" },
    });
    // A service or digital good (shipping none, the default) needs no address.
    const shoes = await addToCart(g, c.shoes.id);
    expect((await checkout(g, [shoes.id])).status).toBe(200);
    expect((await orderRow(shoes.id)).shippingAddress ?? null).toBeNull();
  });

  const invalid: [string, Record<string, unknown> | undefined, string][] = [
    ["name missing", { ...ADDRESS, name: undefined }, "/shippingAddress/name"],
    ["name blank", { ...ADDRESS, name: "   " }, "/shippingAddress/name"],
    ["line1 missing", { ...ADDRESS, line1: undefined }, "/shippingAddress/line1"],
    ["line1 too long", { ...ADDRESS, line1: "x".repeat(201) }, "/shippingAddress/line1"],
    ["line2 not a text", { ...ADDRESS, line2: 5 }, "/shippingAddress/line2"],
    ["city missing", { ...ADDRESS, city: undefined }, "/shippingAddress/city"],
    ["postalCode missing", { ...ADDRESS, postalCode: undefined }, "/shippingAddress/postalCode"],
    ["postalCode invalid", { ...ADDRESS, postalCode: "<b>" }, "/shippingAddress/postalCode"],
    ["country missing", { ...ADDRESS, country: undefined }, "/shippingAddress/country"],
    ["country not assigned (XX)", { ...ADDRESS, country: "XX" }, "/shippingAddress/country"],
    ["country lower case", { ...ADDRESS, country: "de" }, "/shippingAddress/country"],
    ["country alpha-3", { ...ADDRESS, country: "DEU" }, "/shippingAddress/country"],
    ["phone invalid", { ...ADDRESS, phone: "call me" }, "/shippingAddress/phone"],
    ["an unknown field", { ...ADDRESS, floor: 3 }, "/shippingAddress/floor"],
    ["not an object", "Main St 1" as unknown as Record<string, unknown>, "/shippingAddress"],
  ];
  it.each(invalid)(
    "address validation: %s is a 400 naming the field, and nothing is checked out",
    async (_name, address, field) => {
      const g = await guest();
      const order = await addToCart(g, mug.id);
      const answer = await checkout(g, [order.id], { shippingAddress: address });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(field.slice(1));
      expect((await orderRow(order.id)).status).toBe("new");
      // The one-step product checkout reads the same address.
      const oneStep = await g.call({
        method: "POST",
        url: `${g.base}/products/${mug.id}/checkout`,
        payload: { data: { email: "x@example.com", shippingAddress: address } },
      });
      expect(oneStep.status).toBe(400);
      expect(oneStep.body.message).toContain(field.slice(1));
    },
  );

  it("sign-up keeps the guest's cart: the guest subject becomes the account", async () => {
    const g = await guest();
    await addToCart(g, mug.id, 2);
    await addToCart(g, c.pencil.id, 1);
    const registered = await t.request({
      method: "POST",
      key: null,
      url: `${AUTH}/email-and-password/registration`,
      headers: bearer(g.jwt),
      payload: { login: "kept@example.com", password: PASSWORD },
    });
    expect(registered.status).toBe(201);
    const account = { ...g, jwt: registered.body.data.jwt, call: as(t, { ...g, jwt: registered.body.data.jwt }) };
    expect(subjectOf(registered.body.data.jwt)).toBe(g.subjectId);
    expect(lines(await cartOf(account))).toEqual(
      [
        [c.pencil.id, 1],
        [mug.id, 2],
      ].sort(),
    );
  });

  it("sign-in merges the guest's cart into the account's: quantities added, no line twice, the guest's cart empty", async () => {
    const ann = await shopper(t, "merge@example.com");
    await addToCart(ann, c.shoes.id, 1);
    await addToCart(ann, c.shoes.id, 1, c.store.id);
    const g = await guest();
    await addToCart(g, c.shoes.id, 2);
    await addToCart(g, c.pencil.id, 3);
    const signedIn = await signIn("merge@example.com", g);
    expect(signedIn.status).toBe(200);
    const orders = await cartOf(ann);
    expect(lines(orders)).toEqual(
      [
        [c.pencil.id, 3],
        [c.shoes.id, 1],
        [c.shoes.id, 3],
      ].sort(),
    );
    expect(
      orders.filter((o) => o.ordersToProducts.some((l: any) => l.productId === c.shoes.id && !l.storeId)),
    ).toHaveLength(1);
    expect(await cartOf(g)).toEqual([]);
    // Signing in again with nothing in a guest cart changes nothing.
    expect((await signIn("merge@example.com", g)).status).toBe(200);
    expect(lines(await cartOf(ann))).toEqual(
      [
        [c.pencil.id, 3],
        [c.shoes.id, 1],
        [c.shoes.id, 3],
      ].sort(),
    );
  });

  it("sign-in from another account's session moves nothing (only a guest's cart moves)", async () => {
    const bob = await shopper(t, "bob-merge@example.com");
    await addToCart(bob, c.pencil.id, 4);
    await shopper(t, "cid-merge@example.com");
    expect((await signIn("cid-merge@example.com", bob)).status).toBe(200);
    expect(lines(await cartOf(bob))).toEqual([[c.pencil.id, 4]]);
  });

  it("the merge is atomic: a failure part way leaves both carts as they were and the sign-in fails", async () => {
    const dee = await shopper(t, "atomic@example.com");
    await addToCart(dee, c.shoes.id, 1);
    const g = await guest();
    await addToCart(g, c.shoes.id, 5);
    await addToCart(g, c.pencil.id, 1);
    let fail = true;
    // Runs after the shop's merge, in the same transaction.
    t.app.rbac.guests.on(async () => {
      if (fail) throw new Error("a later part of the handover failed");
    });
    expect((await signIn("atomic@example.com", g)).status).toBe(500);
    fail = false;
    expect(lines(await cartOf(dee))).toEqual([[c.shoes.id, 1]]);
    expect(lines(await cartOf(g))).toEqual(
      [
        [c.pencil.id, 1],
        [c.shoes.id, 5],
      ].sort(),
    );
  });

  describe("pay again", () => {
    it("answers the same invoice while its page is valid; once stale, one new invoice at today's prices and the old one canceled", async () => {
      const g = await guest();
      const order = await addToCart(g, c.pencil.id, 3);
      const first = (await checkout(g, [order.id], { billingModule: { currency: { id: c.usd.id } } })).body.data
        .billingModule.invoices[0];
      const again = await g.call({ method: "POST", url: `${g.base}/orders/${order.id}/pay` });
      expect(again.status).toBe(200);
      expect(again.body.data.billingModule.invoices[0]).toMatchObject({ id: first.id, paymentUrl: first.paymentUrl });
      // The payment page gets old, and the pencil dearer.
      await sql`UPDATE billing_invoices SET "createdAt" = now() - interval '2 hours' WHERE id = ${first.id}`.execute(
        t.database.db,
      );
      const pencilPrice = (
        await t.request({ method: "GET", url: `/api/ecommerce/products-to-attributes?limit=100` })
      ).body.data.find((l: any) => l.productId === c.pencil.id);
      await t.request({
        method: "PATCH",
        url: `/api/ecommerce/attributes/${pencilPrice.attributeId}`,
        payload: { data: { number: "0.25" } },
      });
      const renewed = await g.call({ method: "POST", url: `${g.base}/orders/${order.id}/pay` });
      expect(renewed.status).toBe(200);
      const second = renewed.body.data.billingModule.invoices[0];
      expect(second.id).not.toBe(first.id);
      expect(second).toMatchObject({ amount: "0.75", status: "new", paymentUrl: expect.stringContaining(second.id) });
      expect((await t.request({ method: "GET", url: `/api/billing/invoices/${first.id}` })).body.data.status).toBe(
        "canceled",
      );
      expect((await invoicesOf(order.id)).filter((i) => i.status === "new").map((i) => i.id)).toEqual([second.id]);
      expect((await orderRow(order.id)).status).toBe("paying");
      await t.request({
        method: "PATCH",
        url: `/api/ecommerce/attributes/${pencilPrice.attributeId}`,
        payload: { data: { number: "0.10" } },
      });
    });

    it("many Pay now at once on a stale invoice still leave exactly one payable invoice", async () => {
      const g = await guest();
      const order = await addToCart(g, c.shoes.id, 1);
      const first = (await checkout(g, [order.id])).body.data.billingModule.invoices[0];
      await sql`UPDATE billing_invoices SET "createdAt" = now() - interval '2 hours' WHERE id = ${first.id}`.execute(
        t.database.db,
      );
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => g.call({ method: "POST", url: `${g.base}/orders/${order.id}/pay` })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const payable = (await invoicesOf(order.id)).filter((i) => i.status === "new");
      expect(payable).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.data.billingModule.invoices[0].id))).toEqual(new Set([payable[0]!.id]));
    });

    it("is refused for an order in the cart (409), and another subject's order is a 404", async () => {
      const g = await guest();
      const order = await addToCart(g, c.shoes.id, 1);
      expect((await g.call({ method: "POST", url: `${g.base}/orders/${order.id}/pay` })).status).toBe(409);
      const other = await guest();
      expect((await other.call({ method: "POST", url: `${other.base}/orders/${order.id}/pay` })).status).toBe(404);
    });

    it("the new invoice pays the order; the canceled one no longer can", async () => {
      const g = await guest();
      const order = await addToCart(g, c.shoes.id, 1);
      const first = (await checkout(g, [order.id])).body.data.billingModule.invoices[0];
      const firstPage = await t.request({
        method: "GET",
        key: null,
        url: `/api/billing/payment-intents/dummy/invoices/${first.id}?token=${new URL(first.paymentUrl, "http://x").searchParams.get("token")}`,
      });
      await sql`UPDATE billing_invoices SET "createdAt" = now() - interval '2 hours' WHERE id = ${first.id}`.execute(
        t.database.db,
      );
      const second = (await g.call({ method: "POST", url: `${g.base}/orders/${order.id}/pay` })).body.data.billingModule
        .invoices[0];
      const page = await t.request({
        method: "GET",
        key: null,
        url: `/api/billing/payment-intents/dummy/invoices/${second.id}?token=${new URL(second.paymentUrl, "http://x").searchParams.get("token")}`,
      });
      const { pay } = page.body.data.actions;
      const webhook = (body: string, signature: string) =>
        t.request({
          method: "POST",
          key: null,
          url: "/api/billing/payment-intents/dummy/webhook",
          headers: { "content-type": "application/json", "x-dummy-signature": signature },
          payload: body,
        });
      // The stale page's Pay: recorded and flagged, but it moves no order.
      expect(
        (await webhook(firstPage.body.data.actions.pay.body, firstPage.body.data.actions.pay.signature)).body.data
          .outcome,
      ).toBe("flagged");
      expect((await orderRow(order.id)).status).toBe("paying");
      expect((await webhook(pay.body, pay.signature)).body.data.outcome).toBe("applied");
      expect((await orderRow(order.id)).status).toBe("approving");
    });
  });

  it("an order unpaid for half of UNPAID_ORDER_MAX_AGE_HOURS gets one reminder mail with Pay now, in the guest's language", async () => {
    const started = await t.request({ method: "GET", key: null, url: `${AUTH}/init?language=ru` });
    const session: SignedIn = {
      subjectId: subjectOf(started.body.data.jwt),
      jwt: started.body.data.jwt,
      refresh: started.body.data.refresh,
    };
    const g: Shopper = { ...session, call: as(t, session), base: cart(session) };
    expect((await t.request({ method: "GET", url: `/api/rbac/subjects/${g.subjectId}` })).body.data.language).toBe(
      "ru",
    );
    expect((await t.request({ method: "GET", key: null, url: `${AUTH}/init?language=xx` })).status).toBe(400);
    const order = await addToCart(g, c.pencil.id, 1);
    await checkout(g, [order.id], { email: "remind@example.com" });
    const hours = t.app.shop.config.unpaidOrderMaxAgeHours;
    expect(await remindUnpaid(t.app, t.app.shop.links, hours)).toBe(0);
    await sql`UPDATE ecommerce_orders SET "updatedAt" = now() - interval '70 minutes' WHERE id = ${order.id}`.execute(
      t.database.db,
    );
    expect(await remindUnpaid(t.app, t.app.shop.links, hours)).toBe(1);
    await lastMail(t, "remind@example.com");
    const mails = await t.database.db
      .selectFrom("notification_outbox_messages")
      .select(["subject", "text"])
      .where("to", "=", "remind@example.com")
      .execute();
    const mail = mails.find((m) => m.subject.includes("ждёт оплаты"));
    expect(mails.filter((m) => m.subject.includes("ждёт оплаты"))).toHaveLength(1);
    const token = new URL(/https?:\/\/\S+order=\S+/.exec(mail!.text)![0]).searchParams.get("token")!;
    expect(mail?.text).toContain(`order=${order.id}&token=${token}`);
    expect(t.app.shop.links.check(order.id, token)).toBe("valid");
    expect(await remindUnpaid(t.app, t.app.shop.links, hours)).toBe(0);
  });

  it("unpaid-order expiry: an order unpaid longer than UNPAID_ORDER_MAX_AGE_HOURS is canceled with its invoice; a younger one stays", async () => {
    const g = await guest();
    const old = await addToCart(g, c.shoes.id, 1);
    const oldInvoice = (await checkout(g, [old.id])).body.data.billingModule.invoices[0];
    const young = await addToCart(g, c.pencil.id, 1);
    await checkout(g, [young.id]);
    await sql`UPDATE ecommerce_orders SET "updatedAt" = now() - interval '3 hours' WHERE id = ${old.id}`.execute(
      t.database.db,
    );
    // What the queue's sweep runs, with the app's setting (2 hours here).
    const expire = () => t.app.shop.unpaid.expire(t.app.shop.config.unpaidOrderMaxAgeHours * 3_600_000);
    expect(await expire()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(old.id)).toMatchObject({ type: "history", status: "canceled" });
    expect((await t.request({ method: "GET", url: `/api/billing/invoices/${oldInvoice.id}` })).body.data.status).toBe(
      "canceled",
    );
    expect((await orderRow(young.id)).status).toBe("paying");
    // Pay now on a canceled order is refused.
    expect((await g.call({ method: "POST", url: `${g.base}/orders/${old.id}/pay` })).status).toBe(409);
    expect(await expire()).toBe(0);
  });

  it("the order mail carries a signed link to that order only, for ORDER_LINK_MAX_AGE_DAYS: it opens and pays it; the same token on another order, or once expired, is a 403", async () => {
    const g = await guest();
    const order = await addToCart(g, mug.id, 1);
    await checkout(g, [order.id], { email: "linked@example.com", shippingAddress: ADDRESS });
    const other = await addToCart(g, c.pencil.id, 1);
    const mail = await lastMail(t, "linked@example.com");
    expect(mail?.text).toContain("Ann Buyer\n1 Main St\n10115 Berlin\nGermany");
    const link = new URL(/https?:\/\/\S+order=\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get("order")).toBe(order.id);
    const token = link.searchParams.get("token")!;
    const view = await t.request({
      method: "GET",
      key: null,
      url: `/api/ecommerce/order-links/${order.id}?token=${token}`,
    });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      id: order.id,
      status: "paying",
      shippingAddress: ADDRESS,
      ordersToProducts: [{ productId: mug.id, quantity: 1 }],
    });
    expect(view.body.data.total[0]).toMatchObject({ total: "12.00" });
    const paid = await t.request({
      method: "POST",
      key: null,
      url: `/api/ecommerce/order-links/${order.id}/pay?token=${token}`,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data.billingModule.invoices[0].paymentUrl).toContain("/billing/dummy/pay/");
    for (const [method, url] of [
      ["GET", `/api/ecommerce/order-links/${other.id}?token=${token}`],
      ["POST", `/api/ecommerce/order-links/${other.id}/pay?token=${token}`],
    ] as const) {
      const refused = await t.request({ method, key: null, url });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain("pencil");
    }
    expect(
      (
        await t.request({
          method: "GET",
          key: null,
          url: `/api/ecommerce/order-links/${order.id}?token=${"A".repeat(43)}`,
        })
      ).status,
    ).toBe(403);
    // The link is good for ORDER_LINK_MAX_AGE_DAYS (30 here): its expiry is signed, so it cannot be moved.
    const expires = Number(token.split(".")[0]);
    expect(Math.abs(expires - (Date.now() / 1000 + 30 * 86_400))).toBeLessThan(600);
    const moved = `${expires + 86_400}.${token.split(".")[1]}`;
    const old = t.app.shop.links.token(order.id, Date.now() - 31 * 86_400_000);
    for (const [given, message] of [
      [old, "this order link has expired"],
      [moved, "this order link is not valid"],
    ]) {
      for (const [method, url] of [
        ["GET", `/api/ecommerce/order-links/${order.id}?token=${given}`],
        ["POST", `/api/ecommerce/order-links/${order.id}/pay?token=${given}`],
      ] as const) {
        const refused = await t.request({ method, key: null, url });
        expect([refused.status, refused.body.message]).toEqual([403, `Permission error: ${message}`]);
      }
    }
    expect((await t.request({ method: "GET", key: null, url: `/api/ecommerce/order-links/${order.id}` })).status).toBe(
      400,
    );
  });
});

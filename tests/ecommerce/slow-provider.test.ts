import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopWith, type Shop } from "../billing/billing-fixture.js";
import { startProviderServer, type ProviderServer } from "../billing/provider-server.js";
import { testDialect } from "../helpers/test-app.js";
import { buildPage } from "../site/fixtures.js";
import { addToCart } from "./shop-fixture.js";

const SECRET_KEY = "sk_test_loopback_slow";
/** More checkouts than the test database's pool has connections (4): on PostgreSQL they exhausted it. */
const CHECKOUTS = 6;
/** Not a timing assertion: if the site is frozen the peer is let go after this, so the test fails instead of hanging (below the providers' 15 s timeout). */
const SAFETY_MS = 12_000;

/**
 * A Stripe-like peer on loopback that holds every Checkout Session create until the test lets it
 * go (a slow provider), and, like Stripe, answers the same session again for the same
 * Idempotency-Key.
 */
function slowStripe() {
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  const waiters: { count: number; resolve: () => void }[] = [];
  const sessions = new Map<string, string>();
  let server!: ProviderServer;
  const arrived = () => {
    for (const w of waiters.filter((w) => server.received.length >= w.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  return {
    async start() {
      server = await startProviderServer("stripe", async (request) => {
        arrived();
        if (gate) await gate;
        const key = String(request.headers["idempotency-key"]);
        const form = new URLSearchParams(request.body);
        if (!sessions.has(key)) {
          const id = `cs_slow_${sessions.size + 1}`;
          sessions.set(
            key,
            JSON.stringify({
              id,
              object: "checkout.session",
              client_reference_id: form.get("client_reference_id"),
              url: `${server.url}/pay/${id}`,
            }),
          );
        }
        return { body: sessions.get(key)! };
      });
      return server;
    },
    /** Requests arriving from now on wait until `release`. */
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    /** Requests arriving from now on pass; those already held still wait. */
    letThrough() {
      gate = undefined;
    },
    release() {
      gate = undefined;
      release();
    },
    /** Resolves once the peer has received `count` requests in all. */
    received(count: number) {
      return new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        arrived();
      });
    },
    get server() {
      return server;
    },
  };
}

// Checkout asks the provider with no transaction open (server/modules/ecommerce/checkout.ts),
// so a slow provider never holds the embedded database's one connection or PostgreSQL's pool.
describe(`a slow payment provider (${testDialect})`, () => {
  const stripe = slowStripe();
  let shop: Shop;

  const table = (id: string) => shop.t.app.registry.get(id).table;
  const invoice = async (id: string) =>
    (await shop.t.request({ method: "GET", url: `/api/billing/invoices/${id}` })).body.data;
  const order = async (id: string) =>
    (await shop.t.request({ method: "GET", url: `/api/ecommerce/orders/${id}` })).body.data;
  const checkoutOf = (orderId: string) =>
    shop.ann.call({
      method: "POST",
      url: `${shop.ann.base}/orders/checkout`,
      payload: {
        data: {
          provider: "stripe",
          email: "ann@example.com",
          billingModule: { currency: { id: shop.c.usd.id } },
          ecommerceModule: { orders: [{ id: orderId }] },
        },
      },
    });
  /** The invoice the peer was last asked about. */
  const lastAsked = () => new URLSearchParams(stripe.server.received.at(-1)!.body).get("client_reference_id")!;

  /**
   * Health, a list and a page (rendered, not from the cache), one after the other, three rounds
   * (a page of its own each round): each one's median milliseconds. The machine is shared, so one
   * round alone says little.
   */
  const probes = async (pages: string) => {
    const timed = async (request: () => Promise<{ status: number }>) => {
      const started = performance.now();
      const { status } = await request();
      return { status, ms: performance.now() - started };
    };
    const rounds: Record<"health" | "list" | "page", { status: number; ms: number }>[] = [];
    for (const round of [1, 2, 3]) {
      rounds.push({
        health: await timed(() => shop.t.request({ method: "GET", url: "/api/health" })),
        list: await timed(() => shop.t.request({ method: "GET", url: "/api/ecommerce/products?limit=50" })),
        page: await timed(async () => ({
          status: (await shop.t.app.inject({ method: "GET", url: `${pages}-${round}` })).statusCode,
        })),
      });
    }
    const median = (name: "health" | "list" | "page") => ({
      name,
      status: Math.max(...rounds.map((r) => r[name].status)),
      ms: rounds.map((r) => r[name].ms).sort((a, b) => a - b)[1]!,
    });
    return [median("health"), median("list"), median("page")];
  };

  beforeAll(async () => {
    const server = await stripe.start();
    shop = await shopWith({
      paymentProviders: { stripe: { secretKey: SECRET_KEY, webhookSecret: "whsec_slow", apiUrl: server.url } },
    });
    for (const name of ["warm", "calm", "busy"])
      for (const round of [1, 2, 3]) await buildPage(shop.t, `/${name}-${round}`, 3, `${name} ${round}`);
  });
  afterAll(async () => {
    stripe.release();
    await shop?.t.close();
    await stripe.server?.close();
  });

  it(`while ${CHECKOUTS} checkouts wait on the provider, health, a list and a page answer`, async () => {
    await probes("/warm"); // first use: compiled statements and code paths, not measured
    const calm = await probes("/calm");
    stripe.hold();
    const before = stripe.server.received.length;
    const url = `${shop.ann.base}/products/${shop.c.shoes.id}/checkout`;
    let settled = 0;
    const checkouts = Array.from({ length: CHECKOUTS }, () =>
      shop.ann
        .call({ method: "POST", url, payload: { data: { provider: "stripe", email: "ann@example.com" } } })
        .finally(() => settled++),
    );
    let held = true;
    let safety!: NodeJS.Timeout;
    const letGo = new Promise<void>((resolve) => {
      safety = setTimeout(() => {
        held = false;
        stripe.release();
        resolve();
      }, SAFETY_MS);
    });
    // As soon as the first checkout is waiting on the provider: a health check (the one that took 4.4 s).
    await stripe.received(before + 1);
    const startedAt = performance.now();
    const early = shop.t
      .request({ method: "GET", url: "/api/health" })
      .then((r) => ({ status: r.status, ms: performance.now() - startedAt, whileHeld: held }));
    await Promise.race([stripe.received(before + CHECKOUTS), letGo]);
    const reached = stripe.server.received.length - before;
    const first = await early;
    await shop.t.app.notifications.flush(); // the orders' status mail, queued by the checkouts: not what is measured
    const busy = await probes("/busy");
    const answeredWhileHeld = held;
    const settledWhileHeld = settled;
    clearTimeout(safety);
    stripe.release();
    const answers = await Promise.all(checkouts);

    const line = (name: string) => {
      const [a, b] = [calm.find((p) => p.name === name)!.ms, busy.find((p) => p.name === name)!.ms];
      return `${name} ${a.toFixed(1)} ms → ${b.toFixed(1)} ms (×${(b / a).toFixed(2)})`;
    };
    console.log(
      `[${testDialect}] health as the first checkout reached the provider: ${first.ms.toFixed(1)} ms (${first.whileHeld ? "while held" : "only after the provider let go"}); ` +
        `${reached} of ${CHECKOUTS} checkouts waiting on the provider; medians without → during: ${["health", "list", "page"].map(line).join("; ")}`,
    );

    // The proof: health, list and page were answered while the checkouts were all still waiting on the provider.
    expect(first.whileHeld).toBe(true);
    expect(answeredWhileHeld).toBe(true);
    expect(settledWhileHeld).toBe(0);
    expect(reached).toBe(CHECKOUTS);
    expect([first.status, ...busy.map((p) => p.status)]).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.status)).toEqual(Array(CHECKOUTS).fill(200));
    expect(new Set(answers.map((a) => a.body.data.billingModule.invoices[0].paymentUrl)).size).toBe(CHECKOUTS);
  });

  it("a concurrent checkout of the same orders during the provider call answers the same invoice, never a second one", async () => {
    const cartOrder = await addToCart(shop.ann, shop.c.pencil.id, 5);
    stripe.hold();
    const before = stripe.server.received.length;
    const first = checkoutOf(cartOrder.id);
    await stripe.received(before + 1);
    const second = checkoutOf(cartOrder.id);
    stripe.release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.billingModule.invoices[0]).toEqual(a.body.data.billingModule.invoices[0]);
    expect(a.body.data.billingModule.invoices[0].paymentUrl).toMatch(/\/pay\/cs_slow_/);
    expect(stripe.server.received.length).toBe(before + 1);
  });

  it("a checkout left between the steps (no payment URL, past the wait) is completed by a retry: same invoice, same idempotency key", async () => {
    const cartOrder = await addToCart(shop.ann, shop.c.shoes.id, 1, shop.c.store.id);
    stripe.hold();
    const before = stripe.server.received.length;
    const stuck = checkoutOf(cartOrder.id);
    await stripe.received(before + 1);
    const invoiceId = lastAsked();
    // The request that made it stays stuck at step 2; its invoice is older than a live checkout can be.
    await shop.t.database.db
      .updateTable(table("billing/invoices"))
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where("id", "=", invoiceId)
      .execute();
    stripe.letThrough();
    const retry = await checkoutOf(cartOrder.id);
    expect(retry.status).toBe(200);
    expect(retry.body.data.billingModule.invoices[0]).toMatchObject({
      id: invoiceId,
      status: "new",
      paymentUrl: expect.stringMatching(/\/pay\/cs_slow_/),
    });
    const keys = stripe.server.received.slice(before).map((r) => r.headers["idempotency-key"]);
    expect(keys).toEqual([`invoice-${invoiceId}`, `invoice-${invoiceId}`]);
    stripe.release();
    const late = await stuck;
    expect(late.status).toBe(200);
    expect(late.body.data.billingModule.invoices[0].paymentUrl).toBe(
      retry.body.data.billingModule.invoices[0].paymentUrl,
    );
    expect(await order(cartOrder.id)).toMatchObject({ type: "history", status: "paying" });
  });

  it("the queue's sweep fails a checkout left between the steps: its orders back in the cart, unlinked; the late provider answer is not stored", async () => {
    const cartOrder = await addToCart(shop.ann, shop.c.pencil.id, 2);
    stripe.hold();
    const before = stripe.server.received.length;
    const stuck = checkoutOf(cartOrder.id);
    await stripe.received(before + 1);
    const invoiceId = lastAsked();
    expect(await order(cartOrder.id)).toMatchObject({ type: "history", status: "paying" });
    // A live checkout is not swept; one past the sweep's age is.
    expect(await shop.t.app.shop.checkout.pending.sweep()).toBe(0);
    expect(await shop.t.app.shop.checkout.pending.sweep(0)).toBe(1);
    expect(await order(cartOrder.id)).toMatchObject({ type: "cart", status: "new" });
    expect(await invoice(invoiceId)).toMatchObject({ status: "failed" });
    const links = await shop.t.database.db
      .selectFrom(table("ecommerce/orders-to-billing-module-payment-intents"))
      .select("id")
      .where("orderId", "=", cartOrder.id)
      .execute();
    expect(links).toEqual([]);
    stripe.release();
    const late = await stuck;
    expect(late.status).toBe(409);
    expect((await invoice(invoiceId)).paymentUrl ?? null).toBeNull();
    expect(await shop.t.app.shop.checkout.pending.sweep(0)).toBe(0);
  });
});

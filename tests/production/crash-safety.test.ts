import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectStatus, send } from "../../scripts/lib/http-client.js";
import { startServerProcess, type ServerProcess } from "../../scripts/lib/server-process.js";
import { SECRET } from "../helpers/test-app.js";
import { PROCESS_TEST_TIMEOUT, serverStorage, type ServerStorage } from "./server-storage.js";

// Writers hammer a real server process with multi-row writes (bulk creates, registrations,
// one-step checkouts), the process is killed with SIGKILL mid-way (no shutdown code runs), and
// started again on the same data. Every write answered 2xx must be there in full; a write cut
// short must be there entirely or not at all. On the PostgreSQL server and on PGlite in a
// DATA_DIR on disk (see docs/deploying.md "The embedded database: what it promises" for what PGlite does and does not promise).
const KEY = { "x-rbac-secret-key": SECRET };
const AUTH = "/api/rbac/subjects/authentication/email-and-password";
const BULK_ITEMS = 50;
const PASSWORD = "crash test password";

let storage: ServerStorage;
beforeAll(async () => {
  storage = await serverStorage();
});
afterAll(async () => {
  await storage?.drop();
});

const start = () =>
  startServerProcess({
    env: {
      ...storage.env,
      RBAC_SECRET_KEY: SECRET,
      SEED_DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "100000",
      DRAFTS: "off",
    },
  });

/** A default currency and one product priced in it, for the one-step checkout. */
async function catalogue(server: ServerProcess) {
  const create = (model: string, data: unknown) =>
    expectStatus(201, server.url, "POST", `/api/${model}`, { data, headers: KEY }).then((b) => b.data);
  const usd = await create("billing/currencies", {
    slug: "usd",
    symbol: "$",
    adminTitle: "US dollar",
    isDefault: true,
    decimals: 2,
  });
  const key = await create("ecommerce/attribute-keys", { adminTitle: "Price", type: "price", field: "number" });
  const product = await create("ecommerce/products", {
    adminTitle: "Crash-proof mug",
    title: { en: "Crash-proof mug" },
  });
  const attribute = await create("ecommerce/attributes", { number: "12.50", string: {} });
  await create("ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
  await create("ecommerce/attributes-to-billing-module-currencies", {
    attributeId: attribute.id,
    billingModuleCurrencyId: usd.id,
  });
  await create("ecommerce/products-to-attributes", { productId: product.id, attributeId: attribute.id });
  return { productId: product.id as string };
}

async function register(server: ServerProcess, login: string) {
  const body = await expectStatus(201, server.url, "POST", `${AUTH}/registration`, {
    data: { login, password: PASSWORD },
  });
  const jwt = body.data.jwt as string;
  return { jwt, subjectId: JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).sub as string };
}

interface Outcomes {
  /** Bulk batches answered 201. */
  batches: number[];
  /** Emails whose registration was answered 201. */
  registered: string[];
  /** One-step checkouts answered 200: the order and the invoice they made. */
  checkouts: { orderId: string; invoiceId: string }[];
  /** Requests that got no answer: the connection died with the server. */
  cut: number;
  /** Requests sent and not yet settled, as the test process sees them. */
  inFlight: number;
  /** Answers other than the expected 2xx while the server was up: none expected. */
  unexpected: string[];
}

/** Runs the writers until `stop` resolves; each loops one request after another. `outcomes` fills as answers come. */
function runWriters(
  server: ServerProcess,
  shop: { productId: string; shoppers: { jwt: string; subjectId: string }[] },
  stop: Promise<void>,
) {
  const outcomes: Outcomes = { batches: [], registered: [], checkouts: [], cut: 0, inFlight: 0, unexpected: [] };
  let stopped = false;
  void stop.then(() => (stopped = true));
  let batch = 0;
  let account = 0;
  const loop = async (one: () => Promise<void>) => {
    while (!stopped) {
      outcomes.inFlight++;
      try {
        await one();
      } catch {
        outcomes.cut++; // no answer: the process is gone
        return;
      } finally {
        outcomes.inFlight--;
      }
    }
  };
  const bulkWriter = () =>
    loop(async () => {
      const b = batch++;
      const data = Array.from({ length: BULK_ITEMS }, (_, i) => ({
        slug: `crash-b${b}-${i}`,
        title: { en: `Batch ${b} item ${i}` },
      }));
      const answer = await send(server.url, "POST", "/api/ecommerce/products/bulk", { data, headers: KEY });
      if (answer.status === 201 && answer.body.data.length === BULK_ITEMS) outcomes.batches.push(b);
      else outcomes.unexpected.push(`bulk ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    });
  const registrationWriter = () =>
    loop(async () => {
      const login = `crash-r${account++}@example.com`;
      const answer = await send(server.url, "POST", `${AUTH}/registration`, { data: { login, password: PASSWORD } });
      if (answer.status === 201) outcomes.registered.push(login);
      else outcomes.unexpected.push(`registration ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    });
  const checkoutWriter = (shopper: { jwt: string; subjectId: string }) =>
    loop(async () => {
      const path = `/api/rbac/subjects/${shopper.subjectId}/ecommerce-module/products/${shop.productId}/checkout`;
      const answer = await send(server.url, "POST", path, {
        data: { provider: "dummy", email: "buyer@example.com", quantity: 2 },
        headers: { authorization: `Bearer ${shopper.jwt}` },
      });
      if (answer.status === 200) {
        outcomes.checkouts.push({
          orderId: answer.body.data.ecommerceModule.orders[0].id,
          invoiceId: answer.body.data.billingModule.invoices[0].id,
        });
      } else outcomes.unexpected.push(`checkout ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    });
  const done = Promise.all([
    bulkWriter(),
    bulkWriter(),
    registrationWriter(),
    registrationWriter(),
    ...shop.shoppers.map(checkoutWriter),
  ]).then(() => outcomes);
  return { outcomes, done };
}

describe(`SIGKILL during writes (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "PGlite in DATA_DIR"})`, {
  timeout: PROCESS_TEST_TIMEOUT,
}, () => {
  test("every write answered 2xx is there in full after a restart, and no multi-row write is half there", async () => {
    const first = await start();
    const shop = {
      ...(await catalogue(first)),
      shoppers: [await register(first, "shopper-1@example.com"), await register(first, "shopper-2@example.com")],
    };

    // Kill at a moment the writers cannot predict, once they are well under way.
    let kill!: () => void;
    const killed = new Promise<void>((resolve) => (kill = resolve));
    const writers = runWriters(first, shop, killed);
    // Every kind of write has been answered at least once (however busy the machine), then a
    // random moment more.
    const answered = writers.outcomes;
    for (
      let waited = 0;
      !(answered.batches.length && answered.registered.length && answered.checkouts.length);
      waited += 20
    ) {
      if (waited > 60_000 || answered.unexpected.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
    // Writes under way at the kill. How many of them end without an answer (`cut`) depends on
    // the test process too: on a busy machine the answers may already sit unread in its sockets.
    const underWay = answered.inFlight;
    first.kill("SIGKILL");
    kill();
    expect((await first.exited).signal).toBe("SIGKILL");
    const outcomes = await writers.done;

    expect(outcomes.unexpected).toEqual([]);
    expect(outcomes.batches.length).toBeGreaterThan(0);
    expect(outcomes.registered.length).toBeGreaterThan(0);
    expect(outcomes.checkouts.length).toBeGreaterThan(0);
    expect(underWay).toBeGreaterThan(0);

    // Starting again recovers the database (the PostgreSQL server never stopped; PGlite replays its WAL).
    const second = await start();
    expect((await send(second.url, "GET", "/api/health")).status).toBe(200);
    const signIn = await send(second.url, "POST", `${AUTH}/authentication`, {
      data: { login: "shopper-1@example.com", password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    second.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);

    const database = await storage.open();
    try {
      const q = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

      // Bulk creates: each batch all or nothing; every answered one there.
      const batches = await q<{ batch: string; n: number }>(
        sql`SELECT substring(slug from '^crash-b([0-9]+)-') AS batch, count(*)::int AS n FROM ecommerce_products WHERE slug LIKE 'crash-b%' GROUP BY 1`,
      );
      expect(batches.filter((b) => b.n !== BULK_ITEMS)).toEqual([]);
      const present = new Set(batches.map((b) => Number(b.batch)));
      expect(outcomes.batches.filter((b) => !present.has(b))).toEqual([]);

      // Registrations: subject, its role, identity and link together; every answered one there.
      const broken = await q(sql`
        SELECT s.id FROM rbac_subjects s
        WHERE NOT EXISTS (SELECT 1 FROM rbac_subjects_to_identities si WHERE si."subjectId" = s.id)
           OR NOT EXISTS (SELECT 1 FROM rbac_subjects_to_roles sr WHERE sr."subjectId" = s.id)
        UNION ALL
        SELECT i.id FROM rbac_identities i WHERE NOT EXISTS (SELECT 1 FROM rbac_subjects_to_identities si WHERE si."identityId" = i.id)`);
      expect(broken).toEqual([]);
      const emails = new Set((await q<{ email: string }>(sql`SELECT email FROM rbac_identities`)).map((r) => r.email));
      expect(outcomes.registered.filter((e) => !emails.has(e))).toEqual([]);

      // Checkouts: order with its line and owner, paying under an intent with its invoice (with a
      // payment URL) and currency; every answered one there. A checkout cut between its steps
      // (checkout.ts: the invoice made, the provider's URL not yet stored) is whole too: its
      // invoice is `new` with no URL, which a retry completes or the queue's sweep fails.
      const halfOrders = await q(sql`
        SELECT o.id FROM ecommerce_orders o
        WHERE NOT EXISTS (SELECT 1 FROM ecommerce_orders_to_products l WHERE l."orderId" = o.id)
           OR NOT EXISTS (SELECT 1 FROM rbac_subjects_to_ecommerce_module_orders so WHERE so."ecommerceModuleOrderId" = o.id)
           OR NOT EXISTS (SELECT 1 FROM ecommerce_orders_to_billing_module_payment_intents oi WHERE oi."orderId" = o.id)
           OR NOT EXISTS (SELECT 1 FROM ecommerce_orders_to_billing_module_currencies oc WHERE oc."orderId" = o.id)
           OR o.status <> 'paying'`);
      expect(halfOrders).toEqual([]);
      const halfPayments = await q(sql`
        SELECT p.id FROM billing_payment_intents p
        WHERE NOT EXISTS (SELECT 1 FROM billing_payment_intents_to_invoices pi JOIN billing_invoices i ON i.id = pi."invoiceId"
                          WHERE pi."paymentIntentId" = p.id AND (i."paymentUrl" IS NOT NULL OR i.status = 'new'))
           OR NOT EXISTS (SELECT 1 FROM billing_payment_intents_to_currencies pc WHERE pc."paymentIntentId" = p.id)`);
      expect(halfPayments).toEqual([]);
      const orderIds = new Set((await q<{ id: string }>(sql`SELECT id FROM ecommerce_orders`)).map((r) => r.id));
      const invoiceIds = new Set((await q<{ id: string }>(sql`SELECT id FROM billing_invoices`)).map((r) => r.id));
      expect(outcomes.checkouts.filter((c) => !orderIds.has(c.orderId) || !invoiceIds.has(c.invoiceId))).toEqual([]);

      console.log(
        `${storage.dialect}: killed with ${outcomes.batches.length} bulk creates, ${outcomes.registered.length} registrations and ` +
          `${outcomes.checkouts.length} checkouts answered, ${underWay} under way at the kill, ${outcomes.cut} cut short; after restart ${present.size} batches ` +
          `(${present.size - outcomes.batches.length} committed but unanswered), ${orderIds.size} orders, all whole`,
      );
    } finally {
      await database.close();
    }
  });
});

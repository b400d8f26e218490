// `npm run bench:shop`: the cart and checkout routes, in this process (app and autocannon
// together, as bench:site does):
// - SQL queries per checkout for a cart of 1 order and one of 20 orders (one line each, different
//   products), through app.inject, on the PostgreSQL server and on PGlite (target: equal), each on
//   an app of its own with the background queue off (NOTIFICATION_WORKER=false), so the count is
//   the checkout's own statements, not the mail of the checkout before it; the same for a quote
//   and a checkout with a discount code, an address to deliver to and tax (docs/shop-pricing.md:
//   the shop has a shipping rate, a tax rate and the code BENCH10);
// - requests per second and latency of add-to-cart and of checkout (provider dummy), each against
//   a baseline measured in the same run: a signed-in subject reading its own record (the same
//   bearer check and permission lookup, one indexed read);
// - the guest path (docs/shop.md "The buyer's path"): a visitor's session (GET authentication/init, a subject and a
//   refresh token made), and a guest's checkout of a product that ships, with its email and
//   shipping address (the address checked and stored on the order);
// - a priced checkout: a product that ships, with the address, delivery charged, 19% tax and a
//   discount code whose use is counted (against the plain checkout of the same run).
// Shoppers are made directly through the repositories (registration hashes passwords, slow on
// purpose) and sign their requests with session JWTs minted like the server's. Every checkout
// request takes a cart of its own: a subject with one cart order of one line, prepared beforehand.
// BENCH_DATABASE_URL (default the local PostgreSQL server) gets a schema "bench_shop", dropped
// afterwards; BENCH_DURATION seconds per run (10), BENCH_WARMUP (2), BENCH_ROUNDS best of (1).
// BENCH_CPU_PROF=<dir>: a V8 CPU profile of this process during each measured run, written to
// <dir>/<run>.cpuprofile (the app and autocannon share the process, so both are in it).
// Target: queries equal for 1 and 20 orders; add to cart and checkout at twice the
// req/s of then, relative to the baseline (0.10 and 0.06 of it then: 0.20 and 0.12). The verdict
// is printed; the exit code is 0 once the figures are out (1 only when something failed).
import autocannon from "autocannon";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { mkdir, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { databaseCpuMs } from "./database-cpu.js";
import {
  type Cart,
  type Catalogue,
  PRODUCTS,
  SCHEMA,
  SECRET,
  SUBJECTS,
  analyzeSchema,
  bearer,
  catalogue,
  checkoutBody,
  guestCheckoutBody,
  prepareCarts,
  pricedBody,
  settle,
  warmRoles,
} from "./shop-fixture.js";
import { configFromEnv, type Config } from "../../server/config.js";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Subjects adding to their carts (and reading themselves for the baseline), in turn. */
const SHOPPERS = 2000;
/** Carts made before the checkout warm-up; the measured run gets as many again as its warm-up pace asks for. */
const FIRST_CARTS = 2000;

const config: Config = {
  ...configFromEnv({}),
  rbacSecretKey: SECRET,
  logLevel: "silent",
  seedDemoContent: false,
  authRateLimit: 1_000_000,
};
/** The counting apps': no background queue, so no mail or sweep sends a statement while a checkout is counted. */
const countingConfig: Config = { ...config, notifications: { ...config.notifications, worker: false } };
/** Requests per second against the baseline's that the target asks for (twice the 0.10 and 0.06 measured before the checkout's rework). */
const TARGET = { add: 0.2, checkout: 0.12 };

// ---------------------------------------------------------------- queries per checkout

/** Statements sent for one checkout of a 1-order cart and of a 20-order cart, after one checkout of warm-up. */
async function queriesPerCheckout(app: FastifyInstance, database: Database, catalogue: Catalogue) {
  const [warm, one, pricedOne] = await prepareCarts(app, catalogue.productIds, 3, 1);
  const [twenty, pricedTwenty] = await prepareCarts(app, catalogue.productIds, 2, PRODUCTS);
  await warmRoles(
    app,
    [warm, one, twenty, pricedOne, pricedTwenty].map((c) => c!.subjectId),
  );
  const quote = async (cart: Cart) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = database.queryCount();
    const response = await app.inject({
      method: "POST",
      url: `${SUBJECTS}/${cart.subjectId}/ecommerce-module/orders/quote`,
      headers: bearer(cart.jwt),
      payload: pricedBody(catalogue, cart, true),
    });
    const queries = database.queryCount() - before;
    const body = response.json();
    if (response.statusCode !== 200 || body.data.appliedCodes?.[0] !== "BENCH10")
      throw new Error(`quote (${database.dialect}): ${response.statusCode} ${response.body.slice(0, 800)}`);
    return { queries, amount: body.data.total as string };
  };
  const checkout = async (cart: Cart, priced = false) => {
    await new Promise((resolve) => setTimeout(resolve, 50)); // nothing left over from the set-up
    const before = database.queryCount();
    const response = await app.inject({
      method: "POST",
      url: `${SUBJECTS}/${cart.subjectId}/ecommerce-module/orders/checkout`,
      headers: bearer(cart.jwt),
      payload: priced ? pricedBody(catalogue, cart) : checkoutBody(catalogue, cart),
    });
    const queries = database.queryCount() - before;
    const body = response.json();
    const orders = body.data?.ecommerceModule?.orders?.length;
    if (
      response.statusCode !== 200 ||
      !body.data?.billingModule?.invoices?.[0]?.paymentUrl ||
      orders !== cart.orderIds.length
    ) {
      throw new Error(
        `checkout of ${cart.orderIds.length} orders (${database.dialect}): ${response.statusCode} ${response.body.slice(0, 800)}`,
      );
    }
    return { queries, amount: body.data.billingModule.invoices[0].amount as string };
  };
  await checkout(warm!);
  return {
    plain: { one: await checkout(one!), twenty: await checkout(twenty!) },
    quote: { one: await quote(pricedOne!), twenty: await quote(pricedTwenty!) },
    priced: { one: await checkout(pricedOne!, true), twenty: await checkout(pricedTwenty!, true) },
  };
}

type Count = { queries: number; amount: string };

function printQueries(label: string, counts: Awaited<ReturnType<typeof queriesPerCheckout>>) {
  let equal = true;
  for (const [what, { one, twenty }] of [
    ["checkout", counts.plain],
    ["quote with a code, delivery and tax", counts.quote],
    ["checkout with a code, delivery and tax", counts.priced],
  ] as [string, { one: Count; twenty: Count }][]) {
    const same = one.queries === twenty.queries;
    equal &&= same;
    console.log(
      `SQL queries per ${what} (${label}): 1 order ${one.queries}, 20 orders ${twenty.queries} ` +
        `(totals ${one.amount} and ${twenty.amount}) → ${same ? "equal: target met" : "NOT equal: target NOT met"}`,
    );
  }
  return equal;
}

/** The count on an app of its own with the queue off: on in-memory PGlite, or on the server in a schema of its own; closed afterwards. */
async function queriesOn(where: "pglite" | "server") {
  const schema = `${SCHEMA}_count`;
  const database = await openDatabase(where === "server" ? { url: URL_, schema, poolSize: 4 } : {});
  const app = await composeApp(where === "server" ? { ...countingConfig, databaseUrl: URL_ } : countingConfig, {
    database,
    logger: false,
  });
  try {
    return await queriesPerCheckout(app, database, await catalogue(app));
  } finally {
    await app.close();
    if (where === "server")
      await sql
        .raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
        .execute(database.db)
        .catch(() => {});
    await database.close();
  }
}

// ---------------------------------------------------------------- requests per second

interface Run {
  name: string;
  /** The n-th request; `undefined` when it has nothing left to send. */
  request(
    n: number,
  ): { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string } | undefined;
}

/** One autocannon run; a run with nothing left to send stops (and says how many requests it lacked). */
function measure(address: string, run: Run, seconds: number): Promise<{ result: autocannon.Result; short: number }> {
  let n = 0;
  let short = 0;
  let last: ReturnType<Run["request"]>;
  let instance: autocannon.Instance | undefined;
  return new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: address,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 60,
        requests: [
          {
            setupRequest: (request) => {
              const next = run.request(n++);
              if (next) last = next;
              else if (short++ === 0) instance?.stop();
              return { ...request, ...last };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, short })),
    );
  });
}

// ---------------------------------------------------------------- main

async function main() {
  const database = await openDatabase({ url: URL_, schema: SCHEMA, poolSize: 10 });
  const app = await composeApp({ ...config, databaseUrl: URL_ }, { database, logger: false });
  let equal = true;
  try {
    const cpus = os.cpus();
    const { rows } = await sql<{ server_version: string }>`SHOW server_version`.execute(database.db);
    console.log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `node ${process.version}, PostgreSQL ${rows[0]?.server_version}, autocannon ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up${ROUNDS > 1 ? `, best of ${ROUNDS}` : ""}\n`,
    );

    const shop = await catalogue(app);
    equal = printQueries("PostgreSQL server", await queriesOn("server")) && equal;
    equal = printQueries("PGlite", await queriesOn("pglite")) && equal;

    // Shoppers with empty carts; carts to check out, one per request, made as the runs need them.
    const shoppers = await prepareCarts(app, shop.productIds, SHOPPERS, 0);
    const members: CartPool = {
      carts: await prepareCarts(app, shop.productIds, FIRST_CARTS, 1),
      next: 0,
      productIds: shop.productIds,
      pace: 0,
    };
    // Guests' carts of the product that ships, one per checkout request, topped up like the members'.
    const guests: CartPool = {
      carts: await prepareCarts(app, [shop.shippingProductId], FIRST_CARTS, 1),
      next: 0,
      productIds: [shop.shippingProductId],
      pace: 0,
    };
    // Carts of the product that ships for the priced checkout (address, delivery, tax, a code).
    const priced: CartPool = {
      carts: await prepareCarts(app, [shop.shippingProductId], FIRST_CARTS, 1),
      next: 0,
      productIds: [shop.shippingProductId],
      pace: 0,
    };
    // A shop's tables carry planner statistics (autovacuum analyzes them as they grow); this
    // schema was made seconds ago and has none, so the planner would take every table for empty
    // and walk, for each add, every cart line of the product. The set-up's rows are analyzed.
    await analyzeSchema(database);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    console.log(
      `\n${SHOPPERS} shoppers, ${PRODUCTS} priced products; carts of one order of one line for checkout, one per request\n`,
    );

    const shopper = (n: number) => shoppers[n % SHOPPERS]!;
    /** A checkout run: each request checks out the next unused cart of `pool` with `body`'s data. */
    const checkoutRun = (name: string, pool: CartPool, body: (c: Catalogue, cart: Cart) => string): Run => ({
      name,
      request: () => {
        if (pool.next >= pool.carts.length) return undefined;
        const cart = pool.carts[pool.next++]!;
        return {
          method: "POST",
          path: `${SUBJECTS}/${cart.subjectId}/ecommerce-module/orders/checkout`,
          headers: bearer(cart.jwt),
          body: body(shop, cart),
        };
      },
    });
    let added = 0;
    const runs: Run[] = [
      {
        name: "baseline: GET own subject",
        request: (n) => ({
          method: "GET",
          path: `${SUBJECTS}/${shopper(n).subjectId}`,
          headers: bearer(shopper(n).jwt),
        }),
      },
      {
        // The k-th add (counted across warm-ups and rounds) is shopper k % SHOPPERS adding product
        // ⌊k / SHOPPERS⌋ % PRODUCTS: a new cart order with its line, until every pair has been added once.
        name: "add to cart",
        request: () => {
          const k = added++;
          return {
            method: "POST",
            path: `${SUBJECTS}/${shopper(k).subjectId}/ecommerce-module/orders`,
            headers: bearer(shopper(k).jwt),
            body: JSON.stringify({
              data: { productId: shop.productIds[Math.floor(k / SHOPPERS) % PRODUCTS], quantity: 1 },
            }),
          };
        },
      },
      checkoutRun("checkout (1 order, dummy)", members, checkoutBody),
      {
        name: "guest: start session (init)",
        request: () => ({ method: "GET", path: `${SUBJECTS}/authentication/init`, headers: {} }),
      },
      checkoutRun("guest checkout + address", guests, guestCheckoutBody),
      checkoutRun("checkout + code, delivery, tax", priced, pricedBody),
    ];
    const GUEST_CHECKOUT = runs[4]!;
    const PRICED_CHECKOUT = runs[5]!;
    const CHECKOUT = runs[2]!;
    /** Makes carts until `wanted` are left unused; true when it made any (which empties the roles cache). */
    const topUp = async (pool: CartPool, wanted: number) => {
      const missing = Math.ceil(wanted) - (pool.carts.length - pool.next);
      if (missing <= 0) return false;
      pool.carts.push(...(await prepareCarts(app, pool.productIds, missing, 1)));
      return true;
    };
    const unused = (pool: CartPool) => pool.carts.slice(pool.next).map((c) => c.subjectId);
    const poolOf = new Map<Run, CartPool>([
      [CHECKOUT, members],
      [GUEST_CHECKOUT, guests],
      [PRICED_CHECKOUT, priced],
    ]);
    const best: Record<string, autocannon.Result> = {};
    // A checkout run's requests per second seen in warm-ups: the measured run gets 2.5 times the
    // carts that pace needs (a warm-up runs before the background work is settled, so slower).
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of runs) {
        const pool = poolOf.get(run);
        if (pool && pool.pace > 0) await topUp(pool, pool.pace * (WARMUP + DURATION) * 2.5 + 200);
        await warmRoles(app, pool ? unused(pool) : shoppers.map((s) => s.subjectId));
        const warm = await measure(address, run, WARMUP);
        if (pool) {
          pool.pace = Math.max(pool.pace, warm.result.requests.average);
          if (await topUp(pool, pool.pace * DURATION * 2.5 + 200)) await warmRoles(app, unused(pool));
        }
        await settle(app, database);
        const first = members.next;
        const stopProfile = await profile(run.name);
        const statementsBefore = database.queryCount();
        const [cpuBefore, databaseBefore] = [process.cpuUsage(), databaseCpuMs()];
        const { result, short } = await measure(address, run, DURATION);
        const requests = Math.max(1, result.requests.total);
        const statements = (database.queryCount() - statementsBefore) / requests;
        const used = process.cpuUsage(cpuBefore);
        const databaseAfter = databaseCpuMs();
        // CPU per request: this process (the app, and autocannon beside it) and the database server's processes.
        const cpu =
          `CPU ${((used.user + used.system) / requests).toFixed(0)} µs here` +
          (databaseBefore !== undefined && databaseAfter !== undefined
            ? ` + ${(((databaseAfter - databaseBefore) * 1000) / requests).toFixed(0)} µs database`
            : "");
        await stopProfile();
        const failed = result.non2xx + result.errors + result.timeouts;
        const cut =
          short > 0
            ? `  (carts ran out: stopped early, ${short} repeated requests)`
            : run === runs[1] && added > SHOPPERS * PRODUCTS
              ? `  (${added - SHOPPERS * PRODUCTS} of the adds so far raised an existing line's quantity)`
              : "";
        console.log(
          `  ${run.name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)} req/s  mean ${result.latency.mean.toFixed(1).padStart(6)} ms  ` +
            `p99 ${String(result.latency.p99).padStart(4)} ms  ${result.requests.total} requests, ${statements.toFixed(1)} statements and ${cpu} each, background work included${cut}`,
        );
        if (failed > 0) {
          throw new Error(
            `${run.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}; ` +
              `status codes ${JSON.stringify(result.statusCodeStats)}; ${await example(address, run)}`,
          );
        }
        if (run === CHECKOUT) await checkCheckedOut(app, members.carts.slice(first, members.next), result);
        if (!best[run.name] || result.requests.average > best[run.name]!.requests.average) best[run.name] = result;
      }
    }
    const [base, add, checkout, init, guest, pricedCheckout] = runs.map((r) => best[r.name]!);
    console.log(
      `\nadd to cart / baseline: ${(add!.requests.average / base!.requests.average).toFixed(2)} req/s, ${(add!.latency.mean / base!.latency.mean).toFixed(1)}× mean latency`,
    );
    console.log(
      `checkout / baseline:    ${(checkout!.requests.average / base!.requests.average).toFixed(2)} req/s, ${(checkout!.latency.mean / base!.latency.mean).toFixed(1)}× mean latency`,
    );
    console.log(
      `guest init / baseline:  ${(init!.requests.average / base!.requests.average).toFixed(2)} req/s, ${(init!.latency.mean / base!.latency.mean).toFixed(1)}× mean latency`,
    );
    console.log(
      `guest checkout + address / checkout: ${(guest!.requests.average / checkout!.requests.average).toFixed(2)} req/s`,
    );
    console.log(
      `checkout + code, delivery, tax / checkout: ${(pricedCheckout!.requests.average / checkout!.requests.average).toFixed(2)} req/s`,
    );
    const verdict = [
      ["queries per checkout and per quote equal for 1 and 20 orders", equal],
      [
        `add to cart ≥ ${TARGET.add} of the baseline's req/s`,
        add!.requests.average / base!.requests.average >= TARGET.add,
      ],
      [
        `checkout ≥ ${TARGET.checkout} of the baseline's req/s`,
        checkout!.requests.average / base!.requests.average >= TARGET.checkout,
      ],
    ] as const;
    const missed = verdict.filter(([, met]) => !met).map(([name]) => name);
    console.log(
      missed.length
        ? `\ntarget NOT met on: ${missed.join("; ")}`
        : "\nqueries equal, add to cart and checkout at twice the earlier pace: target met",
    );
  } finally {
    await app.close();
    await sql
      .raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`)
      .execute(database.db)
      .catch(() => {});
    await database.close();
  }
}

/** Starts a CPU profile of this process when BENCH_CPU_PROF names a folder; the returned function writes it there. */
async function profile(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}/${name.replace(/\W+/g, "-")}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

/** Carts to check out, one per request: `next` is the first unused; `pace` the run's warm-up req/s. */
interface CartPool {
  carts: Cart[];
  next: number;
  productIds: string[];
  pace: number;
}

/** One more request of a run that failed, sent by hand, to show what the server answers. */
async function example(address: string, run: Run) {
  const request = run.request(1_000_000);
  if (!request) return "no request left to show an example";
  const response = await fetch(address + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return `example response ${response.status} ${(await response.text()).slice(0, 800)}`;
}

/**
 * Every 200 must be a real checkout that moved its own cart's order to `paying` (never the answer
 * for an order already being paid). Requests still in flight when a run ends are not counted by
 * autocannon but complete on the server: up to CONNECTIONS more orders paying than 200s counted.
 */
async function checkCheckedOut(app: FastifyInstance, used: Cart[], result: autocannon.Result) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const ids = used.flatMap((c) => c.orderIds);
  const paying =
    ids.length === 0
      ? 0
      : Number(
          (
            await app.database.db
              .selectFrom(app.registry.get("ecommerce/orders").table)
              .select((eb) => eb.fn.countAll().as("n"))
              .where("id", "in", ids)
              .where("status", "=", "paying")
              .executeTakeFirstOrThrow()
          ).n,
        );
  const ok = result.statusCodeStats?.["200"]?.count ?? 0;
  const consistent = paying >= ok && paying <= ok + CONNECTIONS;
  console.log(
    `  ${"".padEnd(26)} carts taken ${used.length}, orders now paying ${paying}, 200 answers counted ${ok}${consistent ? "" : "  ← NOT one checkout per answer"}`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

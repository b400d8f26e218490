// bench:shop's set-up (scripts/bench/shop.ts): the catalogue, the shoppers and their carts, the
// request bodies of each checkout kind, and the statistics and settling the measured runs wait for.

import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import type { Database } from "../../engine/db/open-database.js";
import { BULK_MAX } from "../../engine/query/repository.js";
import { runTransaction } from "../../engine/query/transaction.js";

export const SCHEMA = "bench_shop";
export const SECRET = "bench-secret";
/** Priced products: the 20-order cart takes one line of each. */
export const PRODUCTS = 20;
export const SUBJECTS = "/api/rbac/subjects";

export interface Cart {
  subjectId: string;
  jwt: string;
  orderIds: string[];
}

export interface Catalogue {
  currencyId: string;
  productIds: string[];
  /** A product that needs shipping (the demo's mug): a guest's checkout of it sends an address. */
  shippingProductId: string;
}

// ---------------------------------------------------------------- set-up

/**
 * Writes through the generic routes with the secret key, failing loudly. A drafted model's record
 * is published with it (`?publish=true`), as the shop's owner publishes a catalogue: DRAFTS is on,
 * as in production, and buyers see only published products and prices.
 */
async function create(app: FastifyInstance, model: string, data: unknown) {
  const publish = app.registry.get(model).published ? "?publish=true" : "";
  const response = await app.inject({
    method: "POST",
    url: `/api/${model}${publish}`,
    headers: { "x-rbac-secret-key": SECRET },
    payload: { data },
  });
  if (response.statusCode !== 201) throw new Error(`create ${model}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** A currency, a price key and PRODUCTS products each priced in it (as tests/ecommerce/shop-fixture.ts does). */
export async function catalogue(app: FastifyInstance): Promise<Catalogue> {
  const usd = await create(app, "billing/currencies", {
    slug: "usd",
    symbol: "$",
    adminTitle: "US dollar",
    isDefault: true,
    decimals: 2,
  });
  const key = await create(app, "ecommerce/attribute-keys", { adminTitle: "Price", type: "price", field: "number" });
  const productIds: string[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const product = await create(app, "ecommerce/products", {
      adminTitle: `Product ${i}`,
      title: { en: `Product ${i}` },
    });
    const attribute = await create(app, "ecommerce/attributes", { number: `${10 + i}.99`, string: {} });
    await create(app, "ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
    await create(app, "ecommerce/attributes-to-billing-module-currencies", {
      attributeId: attribute.id,
      billingModuleCurrencyId: usd.id,
    });
    await create(app, "ecommerce/products-to-attributes", { productId: product.id, attributeId: attribute.id });
    productIds.push(product.id);
  }
  const mug = await create(app, "ecommerce/products", {
    adminTitle: "Mug",
    title: { en: "Mug" },
    shipping: "required",
  });
  const attribute = await create(app, "ecommerce/attributes", { number: "24.50", string: {} });
  await create(app, "ecommerce/attribute-keys-to-attributes", { attributeKeyId: key.id, attributeId: attribute.id });
  await create(app, "ecommerce/attributes-to-billing-module-currencies", {
    attributeId: attribute.id,
    billingModuleCurrencyId: usd.id,
  });
  await create(app, "ecommerce/products-to-attributes", { productId: mug.id, attributeId: attribute.id });
  // The pricing rules a priced checkout meets (docs/shop-pricing.md): delivery to Germany, its VAT, a code.
  await create(app, "ecommerce/shipping-rates", {
    title: { en: "Standard" },
    countries: ["DE"],
    currencyId: usd.id,
    amount: "4.90",
  });
  await create(app, "ecommerce/tax-rates", { title: { en: "VAT" }, country: "DE", rate: "19", taxShipping: true });
  await create(app, "ecommerce/discount-codes", { code: "BENCH10", kind: "percent", value: "10" });
  return { currencyId: usd.id, productIds, shippingProductId: mug.id };
}

/**
 * `count` subjects, each with `ordersPerCart` cart orders (type cart, status new) of one line of a
 * different product, linked to the subject; rows written in bulk through the repositories, a
 * transaction per chunk. Each subject gets a session JWT signed with the server's key.
 */
export async function prepareCarts(
  app: FastifyInstance,
  productIds: string[],
  count: number,
  ordersPerCart: number,
): Promise<Cart[]> {
  const carts: Cart[] = [];
  const perChunk = ordersPerCart > 0 ? Math.max(1, Math.floor(BULK_MAX / ordersPerCart)) : BULK_MAX;
  for (let start = 0; start < count; start += perChunk) {
    const chunk: Cart[] = [];
    for (let i = start; i < Math.min(count, start + perChunk); i++) {
      const subjectId = randomUUID();
      const jwt = await app.rbac.tokens.sign({ subjectId, roles: [], familyId: randomUUID() });
      chunk.push({ subjectId, jwt, orderIds: Array.from({ length: ordersPerCart }, () => randomUUID()) });
    }
    const orders = chunk.flatMap((cart, i) =>
      cart.orderIds.map((id, j) => ({ cart, id, productId: productIds[(start + i + j) % productIds.length]! })),
    );
    await runTransaction(app.database, app.repositories, async (repository) => {
      await repository("rbac/subjects").bulkCreate(
        chunk.map((c) => ({ id: c.subjectId, slug: `bench-${c.subjectId}` })),
      );
      if (orders.length === 0) return;
      await repository("ecommerce/orders").bulkCreate(orders.map((o) => ({ id: o.id, type: "cart", status: "new" })));
      await repository("ecommerce/orders-to-products").bulkCreate(
        orders.map((o) => ({ orderId: o.id, productId: o.productId, quantity: 1 })),
      );
      await repository("rbac/subjects-to-ecommerce-module-orders").bulkCreate(
        orders.map((o) => ({ subjectId: o.cart.subjectId, ecommerceModuleOrderId: o.id })),
      );
    });
    carts.push(...chunk);
  }
  return carts;
}

/**
 * Reads the subjects' roles into the permission cache, as their earlier requests of a session
 * would have (a shopper checks out after filling the cart), so a run measures the route itself.
 * Writing subjects empties that cache: this runs before each measured run.
 */
export async function warmRoles(app: FastifyInstance, subjectIds: string[]) {
  for (let i = 0; i < subjectIds.length; i += 50)
    await Promise.all(subjectIds.slice(i, i + 50).map((id) => app.rbac.authorizer.rolesOf(id)));
}

export const checkoutBody = (catalogue: Catalogue, cart: Cart) =>
  JSON.stringify({
    data: {
      provider: "dummy",
      email: `${cart.subjectId.slice(0, 8)}@example.com`,
      billingModule: { currency: { id: catalogue.currencyId } },
      ecommerceModule: { orders: cart.orderIds.map((id) => ({ id })) },
    },
  });

/** Where the guest's and the priced checkouts deliver. */
const BUYER_ADDRESS = { name: "Ann Buyer", line1: "Hauptstraße 1", city: "Berlin", postalCode: "10115", country: "DE" };

/** A guest's checkout: the cart's order of a product that ships, the email and the shipping address. */
export const guestCheckoutBody = (catalogue: Catalogue, cart: Cart) =>
  JSON.stringify({
    data: {
      provider: "dummy",
      email: `guest-${cart.subjectId.slice(0, 8)}@example.com`,
      shippingAddress: BUYER_ADDRESS,
      billingModule: { currency: { id: catalogue.currencyId } },
      ecommerceModule: { orders: cart.orderIds.map((id) => ({ id })) },
    },
  });

/** A checkout (or, without provider, a quote) priced by the rules: the address delivered to and taxed, and the code BENCH10. */
export const pricedBody = (catalogue: Catalogue, cart: Cart, quote = false) =>
  JSON.stringify({
    data: {
      ...(quote ? {} : { provider: "dummy", email: `priced-${cart.subjectId.slice(0, 8)}@example.com` }),
      shippingAddress: BUYER_ADDRESS,
      discountCodes: ["bench10"],
      billingModule: { currency: { id: catalogue.currencyId } },
      ecommerceModule: { orders: cart.orderIds.map((id) => ({ id })) },
    },
  });

export const bearer = (jwt: string) => ({ "content-type": "application/json", authorization: `Bearer ${jwt}` });

/** ANALYZE (with `vacuum`, VACUUM ANALYZE) of every table of the bench's schema, in one statement. */
export async function analyzeSchema(database: Database, vacuum = false) {
  const { rows } = await sql<{
    name: string;
  }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = ${SCHEMA}`.execute(database.db);
  await sql
    .raw(`${vacuum ? "VACUUM " : ""}ANALYZE ${rows.map((r) => `"${SCHEMA}"."${r.name}"`).join(", ")}`)
    .execute(database.db);
}

/**
 * Before a measured run, the background work earlier steps left is done first: the queued mails
 * of the runs before (the queue falls behind under a checkout run, and caught up during the runs
 * after it) and the vacuum and analyze of the thousands of carts just made for the run, which
 * autovacuum otherwise does during it (database CPU per checkout rose 3.2 → 7.3 → 11.8 ms over
 * three rounds). The run then measures its own route, as the baseline's measures its own.
 */
export async function settle(app: FastifyInstance, database: Database) {
  await app.notifications.flush();
  await analyzeSchema(database, true);
}

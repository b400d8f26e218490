import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import type { BillingServices } from "../billing/index.js";
import { Worker } from "../notification/index.js";
import type { Authorizer } from "../rbac/index.js";
import { Checkout } from "./checkout.js";
import { registerShopImages } from "./generated-images.js";
import { ShopImageData } from "./shop-image-data.js";
import { registerOrderStatusNotices } from "./order-status-notices.js";
import { IdempotencyKeys } from "./idempotency.js";
import { Orders } from "./orders.js";
import { ordersFollowInvoices } from "./orders-follow-invoices.js";
import type { PendingCheckouts } from "./pending-checkouts.js";
import { registerOrderRoutes } from "./routes/order-routes.js";
import { registerSubjectOrderRoutes } from "./routes/subject-order-routes.js";

export interface ShopServices {
  orders: Orders;
  checkout: Checkout;
  idempotency: IdempotencyKeys;
  authorizer: Authorizer;
  config: Config;
}

declare module "fastify" {
  interface FastifyInstance {
    shop: ShopServices;
  }
}

/** How often an instance looks for checkouts left half done (pending-checkouts.ts). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The background queue's sweep of checkouts whose request died between its steps: it runs beside
 * the notification queue (same switch, NOTIFICATION_WORKER), once a minute, on every instance
 * (each checkout is failed once: the sweep locks its invoice). Not when the queue does not poll
 * (the tests run the sweep themselves).
 */
function scheduleCheckoutSweep(app: FastifyInstance, pending: PendingCheckouts, config: Config) {
  if (!config.notifications.worker || config.notifications.pollMs <= 0) return;
  const worker = new Worker([() => pending.sweep()], SWEEP_EVERY_MS, app.log);
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
}

/**
 * The shop: prices, the cart, orders and checkout (SPEC.md sections 4, 5 and 7; API.md "Shop").
 * Billing owns the invoices: checkout opens one through it, and the orders follow each invoice's
 * moves (paid, failed, refunded…) as billing announces them, inside the same transaction.
 */
export async function registerEcommerceModule(app: FastifyInstance, config: Config, billing: BillingServices) {
  const orders = new Orders(app.database, app.repositories, app.registry);
  billing.invoices.onInvoiceState(ordersFollowInvoices((id) => app.registry.get(id).table));
  const shop: ShopServices = {
    orders,
    checkout: new Checkout(app.database, app.repositories, app.registry, orders, billing.providers, billing.invoices),
    idempotency: new IdempotencyKeys(app.database.db, app.registry.get("ecommerce/idempotency-keys").table),
    authorizer: app.rbac.authorizer,
    config,
  };
  app.decorate("shop", shop);
  const images = new ShopImageData(app, orders, config.publicUrl);
  registerShopImages(app, app.generatedFiles, images);
  registerOrderStatusNotices(app, images, config.publicUrl);
  scheduleCheckoutSweep(app, shop.checkout.pending, config);
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    registerSubjectOrderRoutes(routes, shop);
    registerOrderRoutes(routes, shop);
  });
}

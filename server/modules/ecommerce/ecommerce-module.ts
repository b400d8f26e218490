import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import type { BillingServices } from "../billing/index.js";
import { Worker } from "../notification/index.js";
import { signingSecrets } from "../rbac/index.js";
import { Checkout } from "./checkout.js";
import { ShopPricing } from "./pricing/shop-pricing.js";
import { RECEIPT_VARIANT, registerShopImages } from "./generated-images.js";
import { registerReceiptReaders } from "./receipt-readers.js";
import { ShopImageData } from "./shop-image-data.js";
import { registerOrderStatusNotices } from "./order-status-notices.js";
import { IdempotencyKeys } from "./idempotency.js";
import { Orders } from "./orders.js";
import { ordersFollowInvoices } from "./orders-follow-invoices.js";
import type { PendingCheckouts } from "./pending-checkouts.js";
import { registerOrderRoutes } from "./routes/order-routes.js";
import { registerSubjectOrderRoutes } from "./routes/subject-order-routes.js";
import { registerPayAgainRoutes } from "./routes/pay-again-routes.js";
import { registerProductPriceRoutes } from "./routes/product-price-routes.js";
import { registerDeskRoutes } from "./routes/desk-routes.js";
import { ProductPrices } from "./product-prices.js";
import { registerProductEditorRoutes } from "./routes/product-editor-routes.js";
import { registerDiscountCodeEditorRoutes } from "./routes/discount-code-editor-routes.js";
import { PayAgain } from "./pay-again.js";
import { OrderLinks } from "./order-links.js";
import { UnpaidOrders } from "./unpaid-orders.js";
import { mergeGuestCart } from "./cart-merge.js";
import { remindUnpaid } from "./unpaid-reminders.js";
import { modelQueries } from "../../../engine/query/model-tables.js";
import type { ShopServices } from "./shop-services.js";

/** How often an instance looks for checkouts left half done (pending-checkouts.ts). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The background queue's sweep of checkouts whose request died between its steps: it runs beside
 * the notification queue (same switch, NOTIFICATION_WORKER), once a minute, on every instance
 * (each checkout is failed once: the sweep locks its invoice). Not when the queue does not poll
 * (the tests run the sweep themselves).
 */
function scheduleCheckoutSweep(app: FastifyInstance, pending: PendingCheckouts, shop: ShopServices, config: Config) {
  if (!config.notifications.worker || config.notifications.pollMs <= 0) return;
  // Beside it, orders left unpaid get one reminder at half of UNPAID_ORDER_MAX_AGE_HOURS and are
  // canceled past it (unpaid-reminders.ts, unpaid-orders.ts).
  const hours = config.unpaidOrderMaxAgeHours;
  const work = [
    () => pending.sweep(),
    () => remindUnpaid(app, shop.links, hours),
    () => shop.unpaid.expire(hours * 3_600_000),
  ];
  const worker = new Worker(work, SWEEP_EVERY_MS, app.log);
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
}

/**
 * The shop: prices, the cart, orders and checkout (docs/shop.md; its routes: docs/api.md "Shop wire shapes").
 * Billing owns the invoices: checkout opens one through it, and the orders follow each invoice's
 * moves (paid, failed, refunded…) as billing announces them, inside the same transaction.
 */
export async function registerEcommerceModule(app: FastifyInstance, config: Config, billing: BillingServices) {
  const orders = new Orders(app.database, app.repositories, app.registry, billing.currencies);
  const pricing = new ShopPricing(app.registry, app.changes, config.pricesIncludeTax);
  billing.invoices.onInvoiceState(ordersFollowInvoices(pricing, app.webhooks));
  // The dummy payment page lists the orders an invoice pays for (billing reads no table of ours).
  billing.invoices.onInvoiceItems((db, intentIds) => orders.ofPaymentIntents(db, intentIds));
  const checkout = new Checkout(
    app.database,
    app.repositories,
    app.registry,
    orders,
    billing.providers,
    billing.invoices,
    pricing,
    billing.currencies,
  );
  const linkSecret = await signingSecrets(app.repositories)(config.jwtSecret, config.production);
  app.rbac.guests.on(mergeGuestCart());
  // A signed-in subject reads its own orders and their lines through the generic routes (rbac's owned-rows rule).
  app.rbac.ownRows.own("ecommerce/orders", { column: "id", owner: "order" });
  app.rbac.ownRows.own("ecommerce/orders-to-products", { column: "orderId", owner: "order" });
  const shop: ShopServices = {
    orders,
    checkout,
    payAgain: new PayAgain(app.database, app.repositories, orders, checkout, billing.invoices, billing.currencies),
    links: new OrderLinks(linkSecret, config.publicUrl, config.orderLinkMaxAgeDays),
    unpaid: new UnpaidOrders(app.database, app.repositories, app.registry, billing.invoices, app.webhooks),
    idempotency: new IdempotencyKeys(modelQueries(app.database.db, app.registry)),
    authorizer: app.rbac.authorizer,
    config,
  };
  app.decorate("shop", shop);
  const images = new ShopImageData(app, orders, config.publicUrl);
  registerShopImages(app, app.generatedFiles, images);
  registerReceiptReaders(app, RECEIPT_VARIANT, shop.links);
  registerOrderStatusNotices(app, images, config.publicUrl, shop.links);
  scheduleCheckoutSweep(app, shop.checkout.pending, shop, config);
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    registerSubjectOrderRoutes(routes, shop);
    registerOrderRoutes(routes, shop);
    registerPayAgainRoutes(routes, shop);
    registerDeskRoutes(routes);
    const prices = new ProductPrices(app.database, app.repositories, app.registry, app.drafts);
    registerProductPriceRoutes(routes, prices);
    registerProductEditorRoutes(routes, prices);
    registerDiscountCodeEditorRoutes(routes);
  });
}

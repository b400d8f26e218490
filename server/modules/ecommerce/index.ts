import { defineModule } from "../module.js";
import { registerEcommerceModule } from "./ecommerce-module.js";

/**
 * The shop (`app.shop`): orders, checkout through billing's providers, the shop's generated
 * images (file-storage), order status notices (notification) and its routes.
 */
export const ecommerce = defineModule("ecommerce", ["rbac", "notification", "file-storage", "billing"], (app, config) =>
  registerEcommerceModule(app, config, app.payments),
);

/** The order desk's read model: the admin's labeller names orders by it (number, customer, total). */
export { OrderDesk } from "./order-desk.js";
/** What the admin's labeller asks of the shop's records: which are prices and orders, and the prices' currencies. */
export { attributeCurrencies, shopLabelled } from "./admin-labels.js";
/** What the site's pages say of the shop's prices (whether they include tax, whether codes exist). */
export { shopPageFacts } from "./shop-page-facts.js";

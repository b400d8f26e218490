import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import type { Authorizer } from "../rbac/permissions/authorizer.js";
import type { PaymentProviders } from "../billing/providers/registry.js";
import { Checkout } from "./checkout.js";
import { registerShopImages } from "./generated-images.js";
import { ShopImageData } from "./shop-image-data.js";
import { registerOrderStatusNotices } from "./order-status-notices.js";
import { IdempotencyKeys } from "./idempotency.js";
import { Orders } from "./orders.js";
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

/** The shop: prices, the cart, orders and checkout (SPEC.md sections 4, 5 and 7; API.md "Shop"). */
export async function registerEcommerceModule(app: FastifyInstance, config: Config, providers: PaymentProviders) {
  const orders = new Orders(app.database, app.repositories, app.registry);
  const shop: ShopServices = {
    orders,
    checkout: new Checkout(app.database, app.repositories, app.registry, orders, providers),
    idempotency: new IdempotencyKeys(app.database.db, app.registry.get("ecommerce/idempotency-keys").table),
    authorizer: app.rbac.authorizer,
    config,
  };
  app.decorate("shop", shop);
  const images = new ShopImageData(app, orders, config.publicUrl);
  registerShopImages(app, app.generatedFiles, images);
  await registerOrderStatusNotices(app, images, config.publicUrl);
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    registerSubjectOrderRoutes(routes, shop);
    registerOrderRoutes(routes, shop);
  });
}

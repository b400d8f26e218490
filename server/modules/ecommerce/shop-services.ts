import type { Config } from "../../config.js";
import type { Authorizer } from "../rbac/index.js";
import type { Checkout } from "./checkout.js";
import type { IdempotencyKeys } from "./idempotency.js";
import type { OrderLinks } from "./order-links.js";
import type { Orders } from "./orders.js";
import type { PayAgain } from "./pay-again.js";
import type { UnpaidOrders } from "./unpaid-orders.js";

/** The shop's services (`app.shop`), apart from the module that builds them so its routes can name them. */
export interface ShopServices {
  orders: Orders;
  checkout: Checkout;
  idempotency: IdempotencyKeys;
  /** Pay now for an unpaid order (pay-again.ts). */
  payAgain: PayAgain;
  /** Signed links to one order, for the mails. */
  links: OrderLinks;
  /** The queue's cancelation of orders left unpaid. */
  unpaid: UnpaidOrders;
  authorizer: Authorizer;
  config: Config;
}

declare module "fastify" {
  interface FastifyInstance {
    shop: ShopServices;
  }
}

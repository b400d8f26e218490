import type { FastifyInstance } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { ShopServices } from "../shop-services.js";

const BASE = "/api/rbac/subjects/:id/ecommerce-module";
const LINKS = "/api/ecommerce/order-links";
const ECOMMERCE = { tag: "ecommerce" } as const;

const orderParams = inputSchema<{ id: string; orderId: string }>({
  properties: { id: UUID, orderId: { ...UUID, "x-message": "orderId is required" } },
  required: ["id", "orderId"],
});
const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const linkParams = inputSchema<{ orderId: string }>({
  properties: { orderId: { ...UUID, "x-message": "orderId is required" } },
  required: ["orderId"],
});
const linkQuery = inputSchema<{ token: string }>({
  properties: { token: { type: "string", minLength: 1, maxLength: 128 } },
  required: ["token"],
});

/**
 * Pay again, Back to cart and the mailed order link (docs/shop.md). A subject pays its own unpaid order
 * again or returns it to the cart; the link's token (order-links.ts) opens that one order, for a
 * buyer who may have no session: read it (lines, total, status, address) and pay it again. A token that is not the order's is a 403
 * before anything is looked up, whatever order it was made for; one past its date
 * (ORDER_LINK_MAX_AGE_DAYS) a 403 saying it has expired.
 */
export function registerPayAgainRoutes(app: FastifyInstance, shop: ShopServices) {
  const { orders, payAgain, links } = shop;

  const pay = {
    method: "POST",
    url: `${BASE}/orders/:orderId/pay`,
    ...ECOMMERCE,
    summary:
      "Pay now for an unpaid order: the same invoice while its payment page is valid, else a new one at today's prices (the old one canceled)",
    params: orderParams,
  } as const;
  defineRoute(app, pay, async ({ params: { id, orderId } }) => {
    return { data: await payAgain.run(orderId, id) };
  });

  const back = {
    method: "POST",
    url: `${BASE}/orders/:orderId/back-to-cart`,
    ...ECOMMERCE,
    summary:
      "Back to cart for an unpaid order: the orders of its last invoice return to the cart (a waiting invoice is canceled)",
    params: orderParams,
  } as const;
  defineRoute(app, back, async ({ params: { id, orderId } }) => {
    return { data: await payAgain.backToCart(orderId, id) };
  });

  const lastAddress = {
    method: "GET",
    url: `${BASE}/shipping-address`,
    ...ECOMMERCE,
    summary: "The shipping address of the subject's latest order that has one (null when none), to offer at checkout",
    params: subjectParams,
  } as const;
  defineRoute(app, lastAddress, async ({ params: { id } }) => {
    return { data: await orders.lastAddress(id) };
  });

  const checked = (orderId: string, token: string) => {
    const check = links.check(orderId, token);
    if (check === "invalid") throw new AppError("PERMISSION_ERROR", "this order link is not valid");
    // A 403 too (docs/api.md "Errors"), saying why: the buyer can sign in or ask for a new link.
    if (check === "expired") throw new AppError("PERMISSION_ERROR", "this order link has expired");
  };

  const view = {
    method: "GET",
    url: `${LINKS}/:orderId`,
    ...ECOMMERCE,
    summary: "The order a mailed link opens (token from the link): lines, total, status, shipping address",
    params: linkParams,
    query: linkQuery,
  } as const;
  defineRoute(app, view, async ({ params: { orderId }, query: { token } }) => {
    checked(orderId, token);
    return { data: await orders.byLink(orderId) };
  });

  const payByLink = {
    method: "POST",
    url: `${LINKS}/:orderId/pay`,
    ...ECOMMERCE,
    summary: "Pay now for the order a mailed link opens (token from the link)",
    params: linkParams,
    query: linkQuery,
  } as const;
  defineRoute(app, payByLink, async ({ params: { orderId }, query: { token } }) => {
    checked(orderId, token);
    return { data: await payAgain.run(orderId) };
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound } from "../../../../engine/errors.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { ShopServices } from "../shop-services.js";
import { checkoutCharge } from "../checkout-charge.js";
import { lineUpdateInput } from "./shop-inputs.js";

const ORDERS = "/api/ecommerce/orders";
const orderParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" } },
  required: ["id"],
});
const currencyParams = inputSchema<{ id: string; currencyId: string }>({
  properties: {
    id: { ...UUID, "x-message": "id is required" },
    currencyId: { ...UUID, "x-message": "billingModuleCurrencyId is required" },
  },
  required: ["id", "currencyId"],
});
const lineParams = inputSchema<{ id: string; lineId: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" }, lineId: { ...UUID, "x-message": "id is required" } },
  required: ["id", "lineId"],
});

const ECOMMERCE = { tag: "ecommerce" } as const;

/**
 * The original client's order calls (docs/api.md "Shop wire shapes"). A signed-in subject may use them on its own orders only;
 * anyone else's order (or none) is a 404, never its data. Admins and the secret key, who may read
 * orders through the generic routes, reach every order.
 */
export function registerOrderRoutes(app: FastifyInstance, shop: ShopServices) {
  const { orders, authorizer, config } = shop;

  /** `missing` is the route's 404 for an unknown id: anyone else's record answers exactly that. */
  async function mayUse(
    request: FastifyRequest,
    orderId: string,
    method: "GET" | "PATCH",
    missing = () => notFound(`Order ${orderId} was not found`),
  ) {
    if (await authorizer.allows(request.caller, method, `${ORDERS}/${orderId}`)) return;
    const owner = await orders.ownerOf(orderId);
    if (request.caller.kind === "subject" && owner === request.caller.subjectId) return;
    throw missing();
  }

  defineRoute(
    app,
    {
      method: "GET",
      url: `${ORDERS}/:id/total`,
      ...ECOMMERCE,
      summary: "An order's totals per currency",
      params: orderParams,
    },
    async ({ params: { id } }, request) => {
      await mayUse(request, id, "GET");
      return { data: await orders.totalOf({ orderId: id }) };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${ORDERS}/:id/quantity`,
      ...ECOMMERCE,
      summary: "Number of items in an order",
      params: orderParams,
    },
    async ({ params: { id } }, request) => {
      await mayUse(request, id, "GET");
      return { data: await orders.quantityOf(id) };
    },
  );

  const charge = {
    method: "GET",
    url: `${ORDERS}/:id/checkout-attributes/:currencyId`,
    ...ECOMMERCE,
    summary:
      "What an order is charged in a currency: { amount, type, interval } and the price attributes it is made of",
    params: currencyParams,
  } as const;
  defineRoute(app, charge, async ({ params: { id, currencyId } }, request) => {
    await mayUse(request, id, "GET");
    const attributes = await orders.checkoutAttributes(id, currencyId);
    return { data: checkoutCharge(attributes, await app.payments.currencies.get(currencyId)) };
  });

  const lineUpdate = {
    method: "PATCH",
    url: `${ORDERS}/:id/orders-to-products/:lineId`,
    ...ECOMMERCE,
    summary: "A new quantity for one line of a cart order",
    params: lineParams,
    body: lineUpdateInput,
  } as const;
  defineRoute(app, lineUpdate, async ({ params: { id, lineId }, body: { quantity } }, request) => {
    await mayUse(request, id, "PATCH");
    return { data: await orders.updateLine(id, lineId, quantity) };
  });

  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/ecommerce/orders-to-products/:id/total",
      ...ECOMMERCE,
      summary: "An order line's total per currency",
      params: orderParams,
    },
    async ({ params: { id } }, request) => {
      const lines = app.repositories.get("ecommerce/orders-to-products")!;
      // Another subject's line is the unknown line's 404 (the repository's words), never its order's id.
      const missing = () => notFound(`${lines.model.title} ${id} was not found`);
      const line = await lines.get(id);
      await mayUse(request, line.orderId as string, "GET", missing);
      return { data: await orders.totalOf({ lineId: id }) };
    },
  );

  // Admins only (no default permission grants it to anyone else).
  const clearOld = {
    method: "POST",
    url: `${ORDERS}/clear-old-orders`,
    ...ECOMMERCE,
    summary: `Delete cart orders untouched for CART_MAX_AGE_DAYS (now ${config.cartMaxAgeDays})`,
  } as const;
  defineRoute(app, clearOld, async () => {
    return { data: { deleted: await orders.clearOld(config.cartMaxAgeDays) } };
  });
}

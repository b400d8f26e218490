import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from "fastify";
import { notFound } from "../../../../engine/errors.js";
import { UUID, inputSchema, readInput } from "../../input.js";
import type { ShopServices } from "../ecommerce-module.js";
import { checkoutCharge } from "../checkout-charge.js";
import { lineUpdateInput } from "./shop-inputs.js";

const ORDERS = "/api/ecommerce/orders";
const orderParams = inputSchema<{ id: string }>({ properties: { id: { ...UUID, "x-message": "id is required" } }, required: ["id"] });
const currencyParams = inputSchema<{ id: string; currencyId: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" }, currencyId: { ...UUID, "x-message": "billingModuleCurrencyId is required" } },
  required: ["id", "currencyId"],
});
const lineParams = inputSchema<{ id: string; lineId: string }>({
  properties: { id: { ...UUID, "x-message": "id is required" }, lineId: { ...UUID, "x-message": "id is required" } },
  required: ["id", "lineId"],
});

type Params = { Params: Record<string, string> };
const documented = (summary: string): RouteShorthandOptions => ({ config: { docs: { tag: "ecommerce", summary } } });

/**
 * Order calls of SPEC.md section 7. A signed-in subject may use them on its own orders only;
 * anyone else's order (or none) is a 404, never its data. Admins and the secret key, who may read
 * orders through the generic routes, reach every order.
 */
export function registerOrderRoutes(app: FastifyInstance, shop: ShopServices) {
  const { orders, authorizer, config } = shop;

  /** `missing` is the route's 404 for an unknown id: anyone else's record answers exactly that. */
  async function mayUse(request: FastifyRequest, orderId: string, method: "GET" | "PATCH", missing = () => notFound(`Order ${orderId} was not found`)) {
    if (await authorizer.allows(request.caller, method, `${ORDERS}/${orderId}`)) return;
    const owner = await orders.ownerOf(orderId);
    if (request.caller.kind === "subject" && owner === request.caller.subjectId) return;
    throw missing();
  }

  app.get<Params>(`${ORDERS}/:id/total`, documented("An order's totals per currency"), async (request) => {
    const { id } = orderParams(request.params);
    await mayUse(request, id, "GET");
    return { data: await orders.totalOf({ orderId: id }) };
  });

  app.get<Params>(`${ORDERS}/:id/quantity`, documented("Number of items in an order"), async (request) => {
    const { id } = orderParams(request.params);
    await mayUse(request, id, "GET");
    return { data: await orders.quantityOf(id) };
  });

  app.get<Params>(`${ORDERS}/:id/checkout-attributes/:currencyId`, documented("What an order is charged in a currency: { amount, type, interval } and the price attributes it is made of"), async (request) => {
    const { id, currencyId } = currencyParams(request.params);
    await mayUse(request, id, "GET");
    const attributes = await orders.checkoutAttributes(id, currencyId);
    return { data: checkoutCharge(attributes, await app.repositories.get("billing/currencies")!.get(currencyId)) };
  });

  app.patch<Params>(`${ORDERS}/:id/orders-to-products/:lineId`, documented("A new quantity for one line of a cart order"), async (request) => {
    const { id, lineId } = lineParams(request.params);
    const { quantity } = lineUpdateInput(await readInput(request));
    await mayUse(request, id, "PATCH");
    return { data: await orders.updateLine(id, lineId, quantity) };
  });

  app.get<Params>("/api/ecommerce/orders-to-products/:id/total", documented("An order line's total per currency"), async (request) => {
    const { id } = orderParams(request.params);
    const lines = app.repositories.get("ecommerce/orders-to-products")!;
    // Another subject's line is the unknown line's 404 (the repository's words), never its order's id.
    const missing = () => notFound(`${lines.model.title} ${id} was not found`);
    const line = await lines.get(id);
    await mayUse(request, line.orderId as string, "GET", missing);
    return { data: await orders.totalOf({ lineId: id }) };
  });

  // Admins only (no default permission grants it to anyone else).
  app.post(`${ORDERS}/clear-old-orders`, documented(`Delete cart orders untouched for CART_MAX_AGE_DAYS (now ${config.cartMaxAgeDays})`), async () => {
    return { data: { deleted: await orders.clearOld(config.cartMaxAgeDays) } };
  });
}

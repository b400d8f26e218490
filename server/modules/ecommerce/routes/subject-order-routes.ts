import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from "fastify";
import { UUID, inputSchema, readInput } from "../../input.js";
import type { ShopServices } from "../ecommerce-module.js";
import type { ProviderName } from "../../billing/index.js";
import type { CheckoutRequest, CheckoutResult } from "../checkout.js";
import { addToCartInput, checkoutInputs, orderUpdateInput } from "./shop-inputs.js";

const BASE = "/api/rbac/subjects/:id/ecommerce-module";
const DEFAULT_RETURN = { successUrl: "/cart?payment=paid", cancelUrl: "/cart?payment=declined" };

/** Who pays how, with SPEC.md's default provider for the kind of checkout and the default return paths. */
const payer = (input: { provider?: ProviderName; email: string; successUrl?: string; cancelUrl?: string }, defaultProvider: ProviderName) => ({
  provider: input.provider ?? defaultProvider,
  email: input.email,
  successUrl: input.successUrl ?? DEFAULT_RETURN.successUrl,
  cancelUrl: input.cancelUrl ?? DEFAULT_RETURN.cancelUrl,
});

const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const orderParams = inputSchema<{ id: string; orderId: string }>({
  properties: { id: UUID, orderId: { ...UUID, "x-message": "orderId is required" } },
  required: ["id", "orderId"],
});
const productParams = inputSchema<{ id: string; productId: string }>({
  properties: { id: UUID, productId: { ...UUID, "x-message": "productId is required" } },
  required: ["id", "productId"],
});
const listQuery = inputSchema<{ type?: "cart" | "history" }>({ properties: { type: { type: "string", enum: ["cart", "history"] } } });

type Params = { Params: Record<string, string> };
const documented = (summary: string, status = 200): RouteShorthandOptions => ({ config: { docs: { tag: "ecommerce", summary, status } } });

/**
 * The Subject API's cart and checkout (SPEC.md section 7, API.md "Shop"). The permission check
 * has already limited a signed-in subject to its own {id} (admins and the secret key reach any);
 * here every order named must also be that subject's, else 404.
 */
export function registerSubjectOrderRoutes(app: FastifyInstance, shop: ShopServices) {
  const { orders, checkout, idempotency } = shop;
  const { cartCheckoutInput, orderCheckoutInput, productCheckoutInput } = checkoutInputs(checkout.providers.defined);

  app.get<Params>(`${BASE}/orders`, documented("The subject's cart orders (or ?type=history: past orders) with lines, products and totals"), async (request) => {
    const { id } = subjectParams(request.params);
    const { type = "cart" } = listQuery(request.query);
    return { data: await orders.ofSubject(id, type) };
  });

  app.post<Params>(`${BASE}/orders`, documented("Add a product to the cart: a cart order with one line (quantity added when already there)", 201), async (request, reply) => {
    const { id } = subjectParams(request.params);
    const { productId, quantity = 1, storeId } = addToCartInput(await readInput(request));
    const subject = await app.repositories.get("rbac/subjects")!.get(id);
    const order = await orders.addToCart(id, { productId, quantity, ...(storeId ? { storeId } : {}) });
    // As the original client reads it: the subject with the order through its relation.
    const link = { subjectId: id, ecommerceModuleOrderId: order.id, order };
    return reply.status(201).send({ data: { ...subject, subjectsToEcommerceModuleOrders: [link] } });
  });

  app.get<Params>(`${BASE}/orders/total`, documented("Totals of the cart per currency, exact decimal strings"), async (request) => {
    const { id } = subjectParams(request.params);
    return { data: await orders.cartTotal(id) };
  });

  app.get<Params>(`${BASE}/orders/quantity`, documented("Number of items in the cart"), async (request) => {
    const { id } = subjectParams(request.params);
    return { data: await orders.cartQuantity(id) };
  });

  app.patch<Params>(`${BASE}/orders/:orderId`, documented("New quantities for a cart order's lines"), async (request) => {
    const { id, orderId } = orderParams(request.params);
    const { ordersToProducts } = orderUpdateInput(await readInput(request));
    return { data: await orders.updateLines(id, orderId, ordersToProducts) };
  });

  app.delete<Params>(`${BASE}/orders/:orderId`, documented("Delete a cart order"), async (request) => {
    const { id, orderId } = orderParams(request.params);
    return { data: await orders.deleteFromCart(id, orderId) };
  });

  /** A checkout under the request's Idempotency-Key, if it has one; `input` is the data read (hashed for the key). */
  const answer = (request: FastifyRequest, subjectId: string, input: unknown, run: () => Promise<CheckoutResult>) =>
    idempotency.answer(request, subjectId, input, async () => ({ status: 200, body: { data: await run() } }));

  app.post<Params>(`${BASE}/orders/checkout`, documented("Check out cart orders: invoice and payment URL (billingModule.invoices[0].paymentUrl)"), async (request, reply) => {
    const { id } = subjectParams(request.params);
    const input = cartCheckoutInput(await readInput(request));
    const checkoutRequest: CheckoutRequest = {
      subjectId: id,
      orderIds: input.ecommerceModule.orders.map((o) => o.id),
      currencyId: input.billingModule.currency.id,
      ...payer(input, "stripe"),
    };
    const result = await answer(request, id, input, () => checkout.run(checkoutRequest));
    return reply.status(result.status).send(result.body);
  });

  app.post<Params>(`${BASE}/orders/:orderId/checkout`, documented("Check out one cart order"), async (request, reply) => {
    const { id, orderId } = orderParams(request.params);
    const input = orderCheckoutInput(await readInput(request));
    const result = await answer(request, id, input, () =>
      checkout.run({
        subjectId: id,
        orderIds: [orderId],
        currencyId: input.billingModule?.currency.id,
        ...payer(input, "stripe"),
      }),
    );
    return reply.status(result.status).send(result.body);
  });

  app.post<Params>(`${BASE}/products/:productId/checkout`, documented("One-step checkout of a product: an order made and paid at once"), async (request, reply) => {
    const { id, productId } = productParams(request.params);
    const input = productCheckoutInput(await readInput(request));
    const result = await answer(request, id, input, () =>
      checkout.run(
        {
          subjectId: id,
          orderIds: [],
          currencyId: input.billingModule?.currency?.id,
          ...payer(input, "dummy"),
        },
        async (repository) => {
          // The order exists only inside this transaction: a failed checkout leaves none behind.
          await repository("ecommerce/products").get(productId);
          if (input.storeId) await repository("ecommerce/stores").get(input.storeId);
          const order = await repository("ecommerce/orders").create({ type: "cart", status: "new", ...(input.comment ? { comment: input.comment } : {}) });
          await repository("ecommerce/orders-to-products").create({ orderId: order.id, productId, quantity: input.quantity ?? 1, ...(input.storeId ? { storeId: input.storeId } : {}) });
          await repository("rbac/subjects-to-ecommerce-module-orders").create({ subjectId: id, ecommerceModuleOrderId: order.id });
          return [order.id as string];
        },
      ),
    );
    return reply.status(result.status).send(result.body);
  });
}

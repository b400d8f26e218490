import type { FastifyInstance, FastifyRequest } from "fastify";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import type { ShopServices } from "../shop-services.js";
import type { ProviderName } from "../../billing/index.js";
import { linkOrderToSubject } from "../../rbac/index.js";
import type { CheckoutRequest, CheckoutResult } from "../checkout.js";
import type { ShippingAddress } from "../shipping-address.js";
import { addToCartInput, checkoutInputs, orderUpdateInput, productQuoteInput, quoteInput } from "./shop-inputs.js";

const BASE = "/api/rbac/subjects/:id/ecommerce-module";
const DEFAULT_RETURN = { successUrl: "/cart?payment=paid", cancelUrl: "/cart?payment=declined" };

/** Who pays how, with the original system's default provider for the kind of checkout and the default return paths. */
const payer = (
  input: {
    provider?: ProviderName;
    email: string;
    shippingAddress?: ShippingAddress;
    successUrl?: string;
    cancelUrl?: string;
    shippingRateId?: string;
    discountCodes?: string[];
  },
  defaultProvider: ProviderName,
) => ({
  provider: input.provider ?? defaultProvider,
  email: input.email,
  ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
  ...(input.shippingRateId ? { shippingRateId: input.shippingRateId } : {}),
  ...(input.discountCodes ? { discountCodes: input.discountCodes } : {}),
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
const listQuery = inputSchema<{ type?: "cart" | "history" }>({
  properties: { type: { type: "string", enum: ["cart", "history"] } },
});

const ECOMMERCE = { tag: "ecommerce" } as const;

/**
 * The Subject API's cart and checkout (docs/api.md "Shop wire shapes"). The permission check
 * has already limited a signed-in subject to its own {id} (admins and the secret key reach any);
 * here every order named must also be that subject's, else 404.
 */
export function registerSubjectOrderRoutes(app: FastifyInstance, shop: ShopServices) {
  const { orders, checkout, idempotency } = shop;
  const { cartCheckoutInput, orderCheckoutInput, productCheckoutInput } = checkoutInputs(checkout.providers.defined);

  const list = {
    method: "GET",
    url: `${BASE}/orders`,
    ...ECOMMERCE,
    summary: "The subject's cart orders (or ?type=history: past orders) with lines, products and totals",
    params: subjectParams,
    query: listQuery,
  } as const;
  defineRoute(app, list, async ({ params: { id }, query: { type = "cart" } }) => {
    return { data: await orders.ofSubject(id, type) };
  });

  const addToCart = {
    method: "POST",
    url: `${BASE}/orders`,
    ...ECOMMERCE,
    summary: "Add a product to the cart: a cart order with one line (quantity added when already there)",
    status: 201,
    params: subjectParams,
    body: addToCartInput,
  } as const;
  defineRoute(
    app,
    addToCart,
    async ({ params: { id }, body: { productId, quantity = 1, storeId } }, _request, reply) => {
      // The subject read beside the add (the answer names both), not before it: one round trip of
      // waiting less. A missing subject is the answer whichever fails first (its link would fail too).
      const [subject, order] = await Promise.allSettled([
        app.rbac.subjects.get(id),
        orders.addToCart(id, { productId, quantity, ...(storeId ? { storeId } : {}) }),
      ]);
      if (subject.status === "rejected") throw subject.reason;
      if (order.status === "rejected") throw order.reason;
      // As the original client reads it: the subject with the order through its relation.
      const link = { subjectId: id, ecommerceModuleOrderId: order.value.id, order: order.value };
      return reply.status(201).send({ data: { ...subject.value, subjectsToEcommerceModuleOrders: [link] } });
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${BASE}/orders/total`,
      ...ECOMMERCE,
      summary: "Totals of the cart per currency, exact decimal strings",
      params: subjectParams,
    },
    async ({ params: { id } }) => {
      return { data: await orders.cartTotal(id) };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${BASE}/orders/quantity`,
      ...ECOMMERCE,
      summary: "Number of items in the cart",
      params: subjectParams,
    },
    async ({ params: { id } }) => {
      return { data: await orders.cartQuantity(id) };
    },
  );

  const update = {
    method: "PATCH",
    url: `${BASE}/orders/:orderId`,
    ...ECOMMERCE,
    summary: "New quantities for a cart order's lines",
    params: orderParams,
    body: orderUpdateInput,
  } as const;
  defineRoute(app, update, async ({ params: { id, orderId }, body: { ordersToProducts } }) => {
    return { data: await orders.updateLines(id, orderId, ordersToProducts) };
  });

  defineRoute(
    app,
    {
      method: "DELETE",
      url: `${BASE}/orders/:orderId`,
      ...ECOMMERCE,
      summary: "Delete a cart order",
      params: orderParams,
    },
    async ({ params: { id, orderId } }) => {
      return { data: await orders.deleteFromCart(id, orderId) };
    },
  );

  const quote = {
    method: "POST",
    url: `${BASE}/orders/quote`,
    ...ECOMMERCE,
    summary:
      "What a checkout of these orders would charge: lines, subtotal, discount, shipping, tax and total, the delivery options and the discount codes' verdicts",
    params: subjectParams,
    body: quoteInput,
  } as const;
  defineRoute(app, quote, async ({ params: { id }, body: input }) => {
    return {
      data: await checkout.quote({
        subjectId: id,
        orderIds: input.ecommerceModule.orders.map((o) => o.id),
        ...(input.billingModule?.currency?.id ? { currencyId: input.billingModule.currency.id } : {}),
        ...(input.email ? { email: input.email } : {}),
        ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
        ...(input.shippingRateId ? { shippingRateId: input.shippingRateId } : {}),
        ...(input.discountCodes ? { discountCodes: input.discountCodes } : {}),
      }),
    };
  });

  const productQuote = {
    method: "POST",
    url: `${BASE}/products/:productId/quote`,
    ...ECOMMERCE,
    summary:
      "What the one-step checkout of a product would charge (no order is made): the same answer as the orders' quote",
    params: productParams,
    body: productQuoteInput,
  } as const;
  defineRoute(app, productQuote, async ({ params: { id, productId }, body: input }) => {
    // A store off the site sells nothing, as the product checkout says (its product is checked with the prices).
    if (input.storeId) await app.publishedRepositories.get("ecommerce/stores")!.get(input.storeId);
    return {
      data: await checkout.quoteProduct({
        subjectId: id,
        productId,
        quantity: input.quantity ?? 1,
        ...(input.storeId ? { storeId: input.storeId } : {}),
        ...(input.billingModule?.currency?.id ? { currencyId: input.billingModule.currency.id } : {}),
        ...(input.email ? { email: input.email } : {}),
        ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
        ...(input.shippingRateId ? { shippingRateId: input.shippingRateId } : {}),
        ...(input.discountCodes ? { discountCodes: input.discountCodes } : {}),
      }),
    };
  });

  /** A checkout under the request's Idempotency-Key, if it has one; `input` is the data read (hashed for the key). */
  const answer = (request: FastifyRequest, subjectId: string, input: unknown, run: () => Promise<CheckoutResult>) =>
    idempotency.answer(request, subjectId, input, async () => ({ status: 200, body: { data: await run() } }));

  const cartCheckout = {
    method: "POST",
    url: `${BASE}/orders/checkout`,
    ...ECOMMERCE,
    summary: "Check out cart orders: invoice and payment URL (billingModule.invoices[0].paymentUrl)",
    params: subjectParams,
    body: cartCheckoutInput,
  } as const;
  defineRoute(app, cartCheckout, async ({ params: { id }, body: input }, request, reply) => {
    const checkoutRequest: CheckoutRequest = {
      subjectId: id,
      orderIds: input.ecommerceModule.orders.map((o) => o.id),
      currencyId: input.billingModule?.currency?.id,
      ...payer(input, "stripe"),
    };
    const result = await answer(request, id, input, () => checkout.run(checkoutRequest));
    return reply.status(result.status).send(result.body);
  });

  const orderCheckout = {
    method: "POST",
    url: `${BASE}/orders/:orderId/checkout`,
    ...ECOMMERCE,
    summary: "Check out one cart order",
    params: orderParams,
    body: orderCheckoutInput,
  } as const;
  defineRoute(app, orderCheckout, async ({ params: { id, orderId }, body: input }, request, reply) => {
    const result = await answer(request, id, input, () =>
      checkout.run({
        subjectId: id,
        orderIds: [orderId],
        currencyId: input.billingModule?.currency?.id,
        ...payer(input, "stripe"),
      }),
    );
    return reply.status(result.status).send(result.body);
  });

  const productCheckout = {
    method: "POST",
    url: `${BASE}/products/:productId/checkout`,
    ...ECOMMERCE,
    summary: "One-step checkout of a product: an order made and paid at once",
    params: productParams,
    body: productCheckoutInput,
  } as const;
  defineRoute(app, productCheckout, async ({ params: { id, productId }, body: input }, request, reply) => {
    const result = await answer(request, id, input, () =>
      checkout.run(
        {
          subjectId: id,
          orderIds: [],
          currencyId: input.billingModule?.currency?.id,
          ...payer(input, "dummy"),
        },
        async (repository, trx) => {
          // The product (and store) as visitors see it, the published copy (docs/drafts.md): one
          // never published, or taken off the site, is not for sale — a 404, as add to cart answers.
          const visible = (model: string) => app.publishedRepositories.get(model)!.within({ trx, touched: new Set() });
          await visible("ecommerce/products").get(productId);
          if (input.storeId) await visible("ecommerce/stores").get(input.storeId);
          // The order exists only inside this transaction: a failed checkout leaves none behind.
          const order = await repository("ecommerce/orders").create({
            type: "cart",
            status: "new",
            ...(input.comment ? { comment: input.comment } : {}),
          });
          await repository("ecommerce/orders-to-products").create({
            orderId: order.id,
            productId,
            quantity: input.quantity ?? 1,
            ...(input.storeId ? { storeId: input.storeId } : {}),
          });
          await linkOrderToSubject(repository, id, order.id);
          return [order.id as string];
        },
      ),
    );
    return reply.status(result.status).send(result.body);
  });
}

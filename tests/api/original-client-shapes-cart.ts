import { expect } from "vitest";
import { SUBJECTS, PAYMENT_URL, filters, type Shape } from "./original-client-sdk.js";

export const cartShapes: Shape[] = [
  // The cart: the Subject API, then the cart drawer's reads through the generic routes
  {
    call: "POST orders (add to cart)",
    name: "the original body, billingModule.currency included, answers subjectsToEcommerceModuleOrders[].order",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ quantity: 2, productId: c.product.id, billingModule: { currency: { id: c.currency.id } } }),
    status: 201,
    expect: (body, c) => {
      expect(body.data.id).toBe(c.ann.subjectId);
      const order = body.data.subjectsToEcommerceModuleOrders[0].order;
      expect(order).toMatchObject({ id: expect.any(String), type: "cart" });
      c.orderId = order.id;
    },
  },
  {
    call: "GET list with filters",
    name: "cart drawer: the subject's own order links, by subjectId",
    who: "ann",
    method: "GET",
    path: () => "/api/rbac/subjects-to-ecommerce-module-orders",
    params: (c) => filters({ column: "subjectId", method: "eq", value: c.ann.subjectId }),
    status: 200,
    expect: (body, c) =>
      expect(body.data.map((l: any) => [l.subjectId, l.ecommerceModuleOrderId])).toEqual([
        [c.ann.subjectId, c.orderId],
      ]),
  },
  {
    call: "GET list with filters",
    name: "cart drawer: another subject's order links are not there",
    who: "bea",
    method: "GET",
    path: () => "/api/rbac/subjects-to-ecommerce-module-orders",
    params: (c) => filters({ column: "subjectId", method: "eq", value: c.ann.subjectId }),
    status: 200,
    expect: (body) => expect(body).toEqual({ data: [] }),
  },
  {
    call: "GET list with filters",
    name: "cart drawer: the orders by id inArray and type",
    who: "ann",
    method: "GET",
    path: () => "/api/ecommerce/orders",
    params: (c) =>
      filters({ column: "id", method: "inArray", value: [c.orderId] }, { column: "type", method: "eq", value: "cart" }),
    status: 200,
    expect: (body, c) =>
      expect(body.data.map((o: any) => [o.id, o.type, o.status])).toEqual([[c.orderId, "cart", "new"]]),
  },
  {
    call: "GET list with filters",
    name: "cart drawer: the order's lines by orderId",
    who: "ann",
    method: "GET",
    path: () => "/api/ecommerce/orders-to-products",
    params: (c) => filters({ column: "orderId", method: "eq", value: c.orderId }),
    status: 200,
    expect: (body, c) => {
      expect(body.data.map((l: any) => [l.orderId, l.productId, l.quantity])).toEqual([[c.orderId, c.product.id, 2]]);
      c.saved.line = body.data[0].id;
    },
  },
  {
    call: "GET orders/{id}/total",
    name: "a list of totals with billingModuleCurrency id and symbol",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/total`,
    status: 200,
    expect: (body, c) =>
      expect(body.data).toEqual([
        { total: "39.98", billingModuleCurrency: expect.objectContaining({ id: c.currency.id, symbol: "$" }) },
      ]),
  },
  {
    call: "GET orders/{id}/quantity",
    name: "the number of items",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/quantity`,
    status: 200,
    expect: (body) => expect(body).toEqual({ data: 2 }),
  },
  {
    call: "GET orders/{id}/checkout-attributes/{currencyId}",
    name: "one { amount, type, interval }",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/checkout-attributes/${c.currency.id}`,
    status: 200,
    expect: (body) => expect(body.data).toMatchObject({ amount: "39.98", type: "one_off", interval: null }),
  },
  {
    call: "GET orders-to-products/{id}/total",
    name: "a line's totals",
    who: "ann",
    method: "GET",
    path: (c) => `/api/ecommerce/orders-to-products/${c.saved.line}/total`,
    status: 200,
    expect: (body) =>
      expect(body.data).toEqual([{ total: "39.98", billingModuleCurrency: expect.objectContaining({ symbol: "$" }) }]),
  },
  {
    call: "PATCH orders/{id}/orders-to-products/{lineId}",
    name: "a line's new quantity",
    who: "ann",
    method: "PATCH",
    path: (c) => `/api/ecommerce/orders/${c.orderId}/orders-to-products/${c.saved.line}`,
    data: () => ({ quantity: 3 }),
    status: 200,
    expect: (body, c) => expect(body.data).toMatchObject({ id: c.saved.line, quantity: 3 }),
  },
  {
    call: "PATCH orders/{orderId}",
    name: "ordersToProducts as a list of id and quantity",
    who: "ann",
    method: "PATCH",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/${c.orderId}`,
    data: (c) => ({ ordersToProducts: [{ id: c.saved.line, quantity: 2 }] }),
    status: 200,
    expect: (body, c) =>
      expect(body.data.ordersToProducts.map((l: any) => [l.id, l.quantity])).toEqual([[c.saved.line, 2]]),
  },
  {
    call: "GET orders/total",
    name: "the cart's totals",
    who: "ann",
    method: "GET",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/total`,
    status: 200,
    expect: (body) =>
      expect(body.data).toEqual([
        expect.objectContaining({ total: "39.98", billingModuleCurrency: expect.objectContaining({ symbol: "$" }) }),
      ]),
  },
  {
    call: "GET orders/quantity",
    name: "the cart's number of items",
    who: "ann",
    method: "GET",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/quantity`,
    status: 200,
    expect: (body) => expect(body).toEqual({ data: 2 }),
  },
  {
    call: "POST orders (add to cart)",
    name: "with currency {} and a store-less line",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ quantity: 1, productId: c.pencil.id, billingModule: { currency: {} } }),
    status: 201,
    expect: (body, c) => void (c.saved.pencilOrder = body.data.subjectsToEcommerceModuleOrders[0].order.id),
  },
  {
    call: "DELETE orders/{orderId}",
    name: "answers the deleted order",
    who: "ann",
    method: "DELETE",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/${c.saved.pencilOrder}`,
    status: 200,
    expect: (body, c) => expect(body.data.id).toBe(c.saved.pencilOrder),
  },
  {
    call: "POST orders/checkout",
    name: "answers billingModule.invoices[0].paymentUrl, absolute",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/checkout`,
    data: (c) => ({
      provider: "dummy",
      email: "ann@example.com",
      billingModule: { currency: { id: c.currency.id } },
      ecommerceModule: { orders: [{ id: c.orderId }] },
    }),
    status: 200,
    expect: (body) => {
      expect(body.data.billingModule.invoices[0].paymentUrl).toMatch(PAYMENT_URL);
      expect(body.data.billingModule.invoices[0].amount).toBe("39.98");
    },
  },
  {
    call: "POST orders (add to cart)",
    name: "another cart order, for its own checkout",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders`,
    data: (c) => ({ quantity: 3, productId: c.pencil.id }),
    status: 201,
    expect: (body, c) => void (c.saved.pencilOrder = body.data.subjectsToEcommerceModuleOrders[0].order.id),
  },
  {
    call: "POST orders/{orderId}/checkout",
    name: "without a currency: the default one",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/${c.saved.pencilOrder}/checkout`,
    data: () => ({ provider: "dummy", email: "ann@example.com", billingModule: { currency: {} } }),
    status: 200,
    expect: (body, c) => {
      expect(body.data.billingModule.invoices[0]).toMatchObject({
        amount: "0.30",
        paymentUrl: expect.stringMatching(PAYMENT_URL),
      });
      expect(body.data.billingModule.currency.id).toBe(c.currency.id);
    },
  },
  {
    call: "POST products/{productId}/checkout",
    name: "provider, email, quantity, comment, currency {}",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/products/${c.pencil.id}/checkout`,
    data: () => ({
      provider: "dummy",
      email: "ann@example.com",
      quantity: 2,
      comment: "A gift",
      billingModule: { currency: {} },
    }),
    status: 200,
    expect: (body) => {
      expect(body.data.billingModule.invoices[0]).toMatchObject({
        amount: "0.20",
        paymentUrl: expect.stringMatching(PAYMENT_URL),
      });
      expect(body.data.ecommerceModule.orders[0]).toMatchObject({ comment: "A gift" });
    },
  },
  {
    call: "POST orders/clear-old-orders",
    name: "an admin's housekeeping answers how many went",
    who: "admin",
    method: "POST",
    path: () => "/api/ecommerce/orders/clear-old-orders",
    status: 200,
    expect: (body) => expect(body).toEqual({ data: { deleted: 0 } }),
  },
  {
    call: "error body",
    name: "cause entries carry path and message only, as the client's message builder reads them",
    who: "ann",
    method: "POST",
    path: (c) => `${SUBJECTS}/${c.ann.subjectId}/ecommerce-module/orders/checkout`,
    data: () => ({
      email: "not an email",
      billingModule: { currency: { id: "usd" } },
      ecommerceModule: { orders: [] },
    }),
    status: 400,
    expect: (body) => {
      expect(body.cause.length).toBeGreaterThan(1);
      for (const cause of body.cause) {
        expect(Object.keys(cause).sort()).toEqual(["message", "path"]);
        expect(typeof cause.message).toBe("string");
      }
      expect(body.message).toBe(`Validation error: ${body.cause.map((c: any) => `${c.path} ${c.message}`).join(", ")}`);
    },
  },
];

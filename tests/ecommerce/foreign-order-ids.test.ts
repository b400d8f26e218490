import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Catalogue, type Shopper } from "./shop-fixture.js";

// Another subject's order line answered a 404 naming its order (so the line
// was known to exist, and its order's id leaked) where an unknown line answered the repository's
// 404. Each order call now answers someone else's id exactly as it answers an id that does not
// exist: same status, same body but for the id asked about.

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
let t: TestApp;
let c: Catalogue;
let ann: Shopper;
let bob: Shopper;
/** Bob's cart order and its line, and one of Ann's own orders (for the line-of-another-order case). */
let bobs: { order: string; line: string };
let annsOrder: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
  ann = await shopper(t, "ann@example.com");
  bob = await shopper(t, "bob@example.com");
  const order = await addToCart(bob, c.pencil.id, 3);
  bobs = { order: order.id, line: order.ordersToProducts[0].id };
  annsOrder = (await addToCart(ann, c.shoes.id)).id;
});
afterAll(() => t?.close());

/** The answer with the id asked about (and the request's own id) taken out: what must not differ. */
const answer = (r: { status: number; body: any }, id: string) => ({
  status: r.status,
  body: JSON.stringify({ ...r.body, requestId: undefined }).replaceAll(id, "{id}"),
});

type Case = [name: string, method: "GET" | "PATCH", url: (id: string) => string, foreign: () => string];
const quantity = { data: { quantity: 9 } };

describe("an order call on someone else's id answers as on an unknown one", () => {
  test.each<Case>([
    ["an order's total", "GET", (id) => `/api/ecommerce/orders/${id}/total`, () => bobs.order],
    ["an order's quantity", "GET", (id) => `/api/ecommerce/orders/${id}/quantity`, () => bobs.order],
    [
      "an order's checkout attributes",
      "GET",
      (id) => `/api/ecommerce/orders/${id}/checkout-attributes/${c.usd.id}`,
      () => bobs.order,
    ],
    ["a line's total", "GET", (id) => `/api/ecommerce/orders-to-products/${id}/total`, () => bobs.line],
    [
      "a line's quantity, through the other's order",
      "PATCH",
      (id) => `/api/ecommerce/orders/${id}/orders-to-products/${bobs.line}`,
      () => bobs.order,
    ],
    [
      "a line's quantity, the other's line through one's own order",
      "PATCH",
      (id) => `/api/ecommerce/orders/${annsOrder}/orders-to-products/${id}`,
      () => bobs.line,
    ],
  ])("%s", async (_, method, url, foreignId) => {
    const payload = method === "PATCH" ? quantity : undefined;
    const foreign = await ann.call({ method, url: url(foreignId()), payload });
    const unknown = await ann.call({ method, url: url(UNKNOWN), payload });
    expect(foreign.status).toBe(404);
    expect(answer(foreign, foreignId())).toEqual(answer(unknown, UNKNOWN));
    // Nothing but the id asked about: the other's order is not named.
    expect(JSON.stringify(foreign.body).replaceAll(foreignId(), "")).not.toContain(bobs.order);
  });

  test("the owner still reads its line's total and changes its quantity", async () => {
    expect(
      (await bob.call({ method: "GET", url: `/api/ecommerce/orders-to-products/${bobs.line}/total` })).body.data,
    ).toEqual([expect.objectContaining({ total: "0.30" })]);
    expect(
      (
        await bob.call({
          method: "PATCH",
          url: `/api/ecommerce/orders/${bobs.order}/orders-to-products/${bobs.line}`,
          payload: { data: { quantity: 3 } },
        })
      ).status,
    ).toBe(200);
  });
});

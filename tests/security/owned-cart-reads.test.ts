import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Catalogue, type Shopper } from "../ecommerce/shop-fixture.js";

// The original client's cart drawer reads a subject's orders through the
// generic routes. A subject may read its own rows of those three models there, never another's.

interface Cart {
  shopper: Shopper;
  orderId: string;
  lineId: string;
  linkId: string;
}

interface Read {
  model: string;
  /** The filters the cart drawer sends for this cart. */
  filters: (cart: Cart) => Record<string, unknown>[];
  /** The row of this cart the read finds. */
  rowId: (cart: Cart) => string;
}

const reads: Read[] = [
  {
    model: "rbac/subjects-to-ecommerce-module-orders",
    filters: (cart) => [{ column: "subjectId", method: "eq", value: cart.shopper.subjectId }],
    rowId: (cart) => cart.linkId,
  },
  {
    model: "ecommerce/orders",
    filters: (cart) => [
      { column: "id", method: "inArray", value: [cart.orderId] },
      { column: "type", method: "eq", value: "cart" },
    ],
    rowId: (cart) => cart.orderId,
  },
  {
    model: "ecommerce/orders-to-products",
    filters: (cart) => [{ column: "orderId", method: "eq", value: cart.orderId }],
    rowId: (cart) => cart.lineId,
  },
];

const listUrl = (model: string, and: Record<string, unknown>[], suffix = "") =>
  `/api/${model}${suffix}?${qs.stringify({ filters: { and } }, { encodeValuesOnly: true })}`;

describe(`a subject reads its own cart rows through the generic routes, on ${testDialect}`, () => {
  let t: TestApp;
  let c: Catalogue;
  let ann: Cart;
  let bob: Cart;

  async function cartOf(email: string, productId: string): Promise<Cart> {
    const who = await shopper(t, email);
    const order = await addToCart(who, productId, 2);
    const links = await t.request({
      method: "GET",
      url: listUrl("rbac/subjects-to-ecommerce-module-orders", [
        { column: "ecommerceModuleOrderId", method: "eq", value: order.id },
      ]),
    });
    return { shopper: who, orderId: order.id, lineId: order.ordersToProducts[0].id, linkId: links.body.data[0].id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    c = await catalogue(t);
    ann = await cartOf("ann@example.com", c.shoes.id);
    bob = await cartOf("bob@example.com", c.pencil.id);
  });
  afterAll(() => t.close());

  const pairs = () =>
    [
      [ann, bob],
      [bob, ann],
    ] as const;

  describe.each(reads.map((r) => [r.model, r] as const))("%s", (model, read) => {
    it("the cart drawer's filtered list finds the caller's own row, and only that", async () => {
      for (const [self] of pairs()) {
        const response = await self.shopper.call({ method: "GET", url: listUrl(model, read.filters(self)) });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.data.map((r: any) => r.id)).toEqual([read.rowId(self)]);
      }
    });

    it("unfiltered, the list and the count hold the caller's rows only", async () => {
      for (const [self, other] of pairs()) {
        const list = await self.shopper.call({ method: "GET", url: `/api/${model}` });
        expect(list.status).toBe(200);
        const ids = list.body.data.map((r: any) => r.id);
        expect(ids).toEqual([read.rowId(self)]);
        expect(ids).not.toContain(read.rowId(other));
        expect((await self.shopper.call({ method: "GET", url: `/api/${model}/count` })).body).toEqual({ data: 1 });
      }
    });

    it("a filter naming the other subject's rows finds nothing", async () => {
      for (const [self, other] of pairs()) {
        const list = await self.shopper.call({ method: "GET", url: listUrl(model, read.filters(other)) });
        expect(list.status).toBe(200);
        expect(list.body).toEqual({ data: [] });
        expect(
          (await self.shopper.call({ method: "GET", url: listUrl(model, read.filters(other), "/count") })).body,
        ).toEqual({ data: 0 });
      }
    });

    it("one's own row by id is read; the other's is a 404 as if it did not exist", async () => {
      for (const [self, other] of pairs()) {
        const own = await self.shopper.call({ method: "GET", url: `/api/${model}/${read.rowId(self)}` });
        expect(own.status).toBe(200);
        expect(own.body.data.id).toBe(read.rowId(self));
        const theirs = await self.shopper.call({ method: "GET", url: `/api/${model}/${read.rowId(other)}` });
        expect(theirs.status).toBe(404);
        expect(theirs.body.data).toBeUndefined();
        expect(theirs.body.message).toMatch(/^Not Found error: .* was not found$/);
      }
    });

    it("an anonymous caller is still refused, and the secret key still reads every row", async () => {
      expect((await t.request({ method: "GET", url: `/api/${model}`, key: null })).status).toBe(401);
      const all = (await t.request({ method: "GET", url: `/api/${model}` })).body.data.map((r: any) => r.id);
      expect(all).toEqual(expect.arrayContaining([read.rowId(ann), read.rowId(bob)]));
    });

    it("writes stay closed to subjects, their own rows included", async () => {
      const own = read.rowId(ann);
      for (const [method, url, payload] of [
        ["POST", `/api/${model}`, { data: {} }],
        ["PATCH", `/api/${model}/${own}`, { data: {} }],
        ["DELETE", `/api/${model}/${own}`, undefined],
      ] as const) {
        expect((await ann.shopper.call({ method, url, payload })).status, `${method} ${url}`).toBe(403);
      }
    });
  });

  it("a row the caller gains later is read at once (nothing kept from before)", async () => {
    const second = await addToCart(ann.shopper, c.pencil.id);
    const list = await ann.shopper.call({
      method: "GET",
      url: listUrl("ecommerce/orders", [
        { column: "id", method: "inArray", value: [ann.orderId, second.id, bob.orderId] },
      ]),
    });
    expect(list.body.data.map((r: any) => r.id).sort()).toEqual([ann.orderId, second.id].sort());
    await ann.shopper.call({ method: "DELETE", url: `${ann.shopper.base}/orders/${second.id}` });
  });
});

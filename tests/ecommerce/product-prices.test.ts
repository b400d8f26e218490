import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, signIn } from "../rbac/helpers.js";
import { addToCart, catalogue, create, shopper, type Catalogue } from "./shop-fixture.js";

// A product's prices as plain money (docs/shop.md): PUT replaces its price attributes in one
// transaction, GET answers the same list, and the cart and checkout charge what was put.
describe(`product prices route (${testDialect})`, () => {
  let t: TestApp;
  let c: Catalogue;
  let mug: Record<string, any>;

  const url = (productId: string) => `/api/ecommerce/products/${productId}/prices`;
  const put = (productId: string, prices: unknown, key?: string | null, headers: Record<string, string> = {}) =>
    t.request({
      method: "PUT",
      url: url(productId),
      payload: { data: { prices } },
      headers,
      ...(key === undefined ? {} : { key }),
    });
  const get = async (productId: string) => {
    const response = await t.request({ method: "GET", url: url(productId), key: null });
    expect(response.status).toBe(200);
    return response.body.data.prices;
  };
  /** Rows in the tables a price lives in: none may be left behind by a replace. */
  const PRICE_TABLES = [
    "ecommerce/attributes",
    "ecommerce/attribute-keys-to-attributes",
    "ecommerce/attributes-to-billing-module-currencies",
    "ecommerce/products-to-attributes",
    "ecommerce/stores-to-products-to-attributes",
    "ecommerce/attribute-keys",
  ];
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const model of PRICE_TABLES) {
      const row = await t.database.db
        .selectFrom(t.app.registry.get(model).table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      result[model] = Number(row.n);
    }
    return result;
  };
  const plus = (base: Record<string, number>, attributes: number, own: number, stores: number) => ({
    ...base,
    "ecommerce/attributes": base["ecommerce/attributes"]! + attributes,
    "ecommerce/attribute-keys-to-attributes": base["ecommerce/attribute-keys-to-attributes"]! + attributes,
    "ecommerce/attributes-to-billing-module-currencies":
      base["ecommerce/attributes-to-billing-module-currencies"]! + attributes,
    "ecommerce/products-to-attributes": base["ecommerce/products-to-attributes"]! + own,
    "ecommerce/stores-to-products-to-attributes": base["ecommerce/stores-to-products-to-attributes"]! + stores,
  });
  const titles = async (prefix: string) =>
    (
      await t.database.db
        .selectFrom(t.app.registry.get("ecommerce/attributes").table)
        .select("adminTitle")
        .where("adminTitle", "like", `${prefix}%`)
        .orderBy("adminTitle")
        .execute()
    ).map((r) => r.adminTitle);

  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "owner@example.com", adminPassword: "owner password" });
    c = await catalogue(t);
    mug = await create(t, "ecommerce/products", {
      adminTitle: "Ceramic mug",
      title: { en: "Ceramic mug", ru: "Керамическая кружка" },
    });
  });
  afterAll(() => t?.close());

  it("replaces the prices: two currencies, then one leaves one, then none; no row left behind; labelled for the admin", async () => {
    const before = await counts();
    expect(await get(mug.id)).toEqual([]);
    const two = await put(mug.id, [
      { currencyId: c.usd.id, amount: "12.00" },
      { currencyId: c.eur.id, amount: "11.50" },
    ]);
    expect(two.status).toBe(200);
    const expected = [
      { currencyId: c.eur.id, amount: "11.50", storeId: null },
      { currencyId: c.usd.id, amount: "12.00", storeId: null },
    ];
    expect(two.body.data.prices).toEqual(expected);
    expect(await get(mug.id)).toEqual(expected);
    expect(await counts()).toEqual(plus(before, 2, 2, 0));
    expect(await titles("Ceramic mug")).toEqual(["Ceramic mug — price EUR", "Ceramic mug — price USD"]);
    // …which is the name the generic admin shows for an attribute (not its variant, "default").
    const owner = await signIn(t, "owner@example.com", "owner password");
    const models = (await as(t, owner)({ method: "GET", url: "/api/admin/models" })).body.data;
    expect(models.find((m: any) => m.id === "ecommerce/attributes").labelField).toBe("adminTitle");

    expect((await put(mug.id, [{ currencyId: c.eur.id, amount: "10.50" }])).status).toBe(200);
    expect(await get(mug.id)).toEqual([{ currencyId: c.eur.id, amount: "10.50", storeId: null }]);
    expect(await counts()).toEqual(plus(before, 1, 1, 0));
    expect(await titles("Ceramic mug")).toEqual(["Ceramic mug — price EUR"]);

    expect((await put(mug.id, [])).status).toBe(200);
    expect(await get(mug.id)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it("keeps exact decimals and the cart charges them", async () => {
    expect(
      (
        await put(mug.id, [
          { currencyId: c.usd.id, amount: "90071992547409.93" },
          { currencyId: c.eur.id, amount: "0.10" },
        ])
      ).status,
    ).toBe(200);
    expect(await get(mug.id)).toEqual([
      { currencyId: c.eur.id, amount: "0.10", storeId: null },
      { currencyId: c.usd.id, amount: "90071992547409.93", storeId: null },
    ]);
    const ann = await shopper(t, "ann@example.com");
    const order = await addToCart(ann, mug.id, 3);
    const total = await ann.call({ method: "GET", url: `/api/ecommerce/orders/${order.id}/total` });
    const bySlug = Object.fromEntries(total.body.data.map((x: any) => [x.billingModuleCurrency.slug, x.total]));
    expect(bySlug).toEqual({ usd: "270215977642229.79", eur: "0.30" });
  });

  it("a store's override is charged in its store, the product's own price elsewhere; replacing the shoes' fixture prices leaves no row behind", async () => {
    const before = await counts();
    // The fixture gave the shoes 19.99 USD, 18.50 EUR and 17.49 USD in the Outlet (three attributes).
    const response = await put(c.shoes.id, [
      { currencyId: c.usd.id, amount: "21.00" },
      { currencyId: c.usd.id, amount: "15.25", storeId: c.store.id },
      { currencyId: c.eur.id, amount: "20.00", storeId: null },
    ]);
    expect(response.status).toBe(200);
    expect(await get(c.shoes.id)).toEqual([
      { currencyId: c.eur.id, amount: "20.00", storeId: null },
      { currencyId: c.usd.id, amount: "21.00", storeId: null },
      { currencyId: c.usd.id, amount: "15.25", storeId: c.store.id },
    ]);
    expect(await counts()).toEqual(before);
    expect(await titles("Shoes")).toEqual(["Shoes — price EUR", "Shoes — price USD", "Shoes — price USD, Outlet"]);

    const bea = await shopper(t, "bea@example.com");
    const inStore = await addToCart(bea, c.shoes.id, 2, c.store.id);
    const checkout = await bea.call({
      method: "POST",
      url: `${bea.base}/orders/checkout`,
      payload: {
        data: {
          provider: "dummy",
          email: "bea@example.com",
          billingModule: { currency: { id: c.usd.id } },
          ecommerceModule: { orders: [{ id: inStore.id }] },
        },
      },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.data.billingModule.invoices[0].amount).toBe("30.50");
    const direct = await bea.call({
      method: "POST",
      url: `${bea.base}/products/${c.shoes.id}/checkout`,
      payload: { data: { email: "bea@example.com", quantity: 1 } },
    });
    expect(direct.body.data.billingModule.invoices[0].amount).toBe("21.00");
    const euro = await bea.call({
      method: "POST",
      url: `${bea.base}/products/${c.shoes.id}/checkout`,
      payload: { data: { email: "bea@example.com", billingModule: { currency: { id: c.eur.id } } } },
    });
    expect(euro.body.data.billingModule.invoices[0].amount).toBe("20.00");
  });

  it("a price attribute another product also links to is only unlinked from this one", async () => {
    const cup = await create(t, "ecommerce/products", { adminTitle: "Cup" });
    const saucer = await create(t, "ecommerce/products", { adminTitle: "Saucer" });
    expect((await put(cup.id, [{ currencyId: c.usd.id, amount: "4.00" }])).status).toBe(200);
    // The saucer is given the cup's very attribute through the generic routes.
    const link = await t.database.db
      .selectFrom(t.app.registry.get("ecommerce/products-to-attributes").table)
      .select("attributeId")
      .where("productId", "=", cup.id)
      .executeTakeFirstOrThrow();
    await create(t, "ecommerce/products-to-attributes", { productId: saucer.id, attributeId: link.attributeId });
    const before = await counts();
    expect((await put(cup.id, [])).status).toBe(200);
    expect(await get(cup.id)).toEqual([]);
    expect(await get(saucer.id)).toEqual([{ currencyId: c.usd.id, amount: "4.00", storeId: null }]);
    expect(await counts()).toEqual({
      ...before,
      "ecommerce/products-to-attributes": before["ecommerce/products-to-attributes"]! - 1,
    });
  });

  describe("refuses, and leaves the old prices and rows as they were", () => {
    const ghost = "00000000-0000-4000-8000-000000000000";
    const good = () => ({ currencyId: c.usd.id, amount: "5.00" });
    const refusals: [string, () => unknown[], string][] = [
      ["an unknown currency", () => [good(), { currencyId: ghost, amount: "1.00" }], "prices[1].currencyId"],
      [
        "an unknown store",
        () => [good(), { currencyId: c.usd.id, amount: "1.00", storeId: ghost }],
        "prices[1].storeId",
      ],
      [
        "a store that does not offer the product",
        () => [good(), { currencyId: c.eur.id, amount: "1.00", storeId: c.store.id }],
        "prices[1].storeId",
      ],
      [
        "the same currency twice",
        () => [good(), { currencyId: c.eur.id, amount: "2.00" }, { currencyId: c.usd.id, amount: "3.00" }],
        "prices[2].currencyId",
      ],
      ["the same currency and store twice", () => [{ ...good(), storeId: null }, good()], "prices[1].currencyId"],
      ["a negative amount", () => [good(), { currencyId: c.eur.id, amount: "-1.00" }], "prices[1].amount"],
      [
        "more decimals than the currency has",
        () => [good(), { currencyId: c.eur.id, amount: "1.234" }],
        "prices[1].amount",
      ],
      ["an amount that is no number", () => [good(), { currencyId: c.eur.id, amount: "1e3" }], "prices[1].amount"],
      ["an amount as a JSON number", () => [good(), { currencyId: c.eur.id, amount: 1.5 }], "/prices/1/amount"],
      ["too many entries", () => Array.from({ length: 101 }, good), "/prices"],
    ];
    it.each(refusals)("%s", async (_what, prices, field) => {
      // The pencil, offered by no store, priced afresh before each refusal.
      const productId = c.pencil.id;
      expect(
        (
          await put(productId, [
            { currencyId: c.usd.id, amount: "0.10" },
            { currencyId: c.eur.id, amount: "0.09" },
          ])
        ).status,
      ).toBe(200);
      const old = await get(productId);
      expect(old).toHaveLength(2);
      const before = await counts();
      const response = await put(productId, prices());
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(field);
      expect(await get(productId)).toEqual(old);
      expect(await counts()).toEqual(before);
    });

    it("an unknown product is a 404, to PUT and GET", async () => {
      for (const method of ["PUT", "GET"] as const) {
        const response = await t.request({
          method,
          url: url(ghost),
          ...(method === "PUT" ? { payload: { data: { prices: [good()] } } } : {}),
        });
        expect(response.status).toBe(404);
        expect(response.body.message).toContain(`Product ${ghost} was not found`);
      }
    });
  });

  it("replacing takes the product's update permission: refused to a visitor and a member, allowed to a granted role and an admin; reading is public", async () => {
    const prices = [{ currencyId: c.usd.id, amount: "7.00" }];
    expect((await put(mug.id, prices, null)).status).toBe(401);
    const member = await register(t, "member@example.com");
    expect((await as(t, member)({ method: "PUT", url: url(mug.id), payload: { data: { prices } } })).status).toBe(403);

    const editor = await register(t, "editor@example.com");
    const role = await create(t, "rbac/roles", {
      title: "Catalogue editors",
      uid: "catalogue-editors",
      availableOnRegistration: false,
    });
    const permission = await create(t, "rbac/permissions", {
      method: "PUT",
      path: "/api/ecommerce/products/**",
      type: "HTTP",
    });
    await create(t, "rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    await create(t, "rbac/subjects-to-roles", { subjectId: editor.subjectId, roleId: role.id });
    expect((await as(t, editor)({ method: "PUT", url: url(mug.id), payload: { data: { prices } } })).status).toBe(200);

    const owner = await signIn(t, "owner@example.com", "owner password");
    const byOwner = await as(
      t,
      owner,
    )({ method: "PUT", url: url(mug.id), payload: { data: { prices: [{ currencyId: c.usd.id, amount: "8.00" }] } } });
    expect(byOwner.status).toBe(200);
    expect(await get(mug.id)).toEqual([{ currencyId: c.usd.id, amount: "8.00", storeId: null }]);
  });
});

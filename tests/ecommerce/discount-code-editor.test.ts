import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET, createTestApp, type TestApp } from "../helpers/test-app.js";
import { catalogue, create, shopper, type Catalogue } from "./shop-fixture.js";

// The owner's discount code form's save (docs/shop-pricing.md "Owner screens"): the code and the
// products and categories it is limited to in one transaction — a refused part leaves nothing
// written — and If-Match refuses a save over someone else's.

const EDITOR = "/api/ecommerce/discount-codes/editor";
const MISSING = "00000000-0000-4000-8000-0000000000aa";

describe("saving a discount code with its products and categories", () => {
  let t: TestApp;
  let c: Catalogue;
  let books: Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await catalogue(t);
    books = await create(t, "ecommerce/categories", { adminTitle: "Books", title: { en: "Books" } });
  });
  afterAll(() => t?.close());

  const links = async (codeId: string) => {
    const read = async (model: string, field: string) =>
      ((await t.request({ method: "GET", url: `/api/${model}?limit=100` })).body.data as Record<string, string>[])
        .filter((row) => row.discountCodeId === codeId)
        .map((row) => row[field])
        .sort();
    return {
      productIds: await read("ecommerce/discount-codes-to-products", "productId"),
      categoryIds: await read("ecommerce/discount-codes-to-categories", "categoryId"),
    };
  };
  const codesNamed = async (code: string) =>
    ((await t.request({ method: "GET", url: "/api/ecommerce/discount-codes?limit=100" })).body.data as any[]).filter(
      (row) => row.code.toUpperCase() === code.toUpperCase(),
    );
  /** A save with the secret key, answering its ETag header too. */
  const send = async (method: "POST" | "PUT", url: string, data: unknown, ifMatch?: string) => {
    const response = await t.app.inject({
      method,
      url,
      payload: { data },
      headers: { "x-rbac-secret-key": SECRET, ...(ifMatch ? { "if-match": ifMatch } : {}) },
    });
    return { status: response.statusCode, body: response.json(), etag: response.headers.etag as string | undefined };
  };
  const post = (data: unknown) => send("POST", EDITOR, data);
  const put = (id: string, data: unknown, ifMatch?: string) =>
    send("PUT", `/api/ecommerce/discount-codes/${id}/editor`, data, ifMatch);

  it("creates the code and its links at once, then makes the links say exactly what the next save chose", async () => {
    const made = await post({
      code: { code: "SHOES5", kind: "percent", value: "5" },
      productIds: [c.shoes.id, c.pencil.id],
      categoryIds: [],
    });
    expect(made.status).toBe(201);
    const code = made.body.data.code;
    expect(made.etag).toBeTruthy();
    expect(await links(code.id)).toEqual({ productIds: [c.shoes.id, c.pencil.id].sort(), categoryIds: [] });

    const saved = await put(code.id, { code: { value: "7" }, productIds: [c.pencil.id], categoryIds: [books.id] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.code.value).toBe("7");
    expect(await links(code.id)).toEqual({ productIds: [c.pencil.id], categoryIds: [books.id] });
  });

  const refusals: [string, (codeId?: string) => Record<string, unknown>, number][] = [
    ["a product that does not exist", () => ({ productIds: [c.shoes.id, MISSING] }), 400],
    ["a category that does not exist", () => ({ categoryIds: [MISSING] }), 400],
    ["a value that is not a decimal", () => ({ code: { value: "five" } }), 400],
  ];
  for (const [name, change, status] of refusals) {
    it(`a save with ${name} is refused and writes nothing, new or not`, async () => {
      const fresh = `NEW${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const created = await t.request({
        method: "POST",
        url: EDITOR,
        payload: {
          data: { code: { code: fresh, kind: "percent", value: "5" }, productIds: [], categoryIds: [], ...change() },
        },
      });
      expect(created.status).toBe(status);
      expect(await codesNamed(fresh)).toEqual([]);

      const code = await create(t, "ecommerce/discount-codes", {
        code: `OLD${fresh}`,
        kind: "percent",
        value: "5",
      });
      await put(code.id, { code: {}, productIds: [c.shoes.id], categoryIds: [] });
      const before = await links(code.id);
      const refused = await put(code.id, {
        code: { value: "9" },
        productIds: [c.pencil.id],
        categoryIds: [],
        ...change(),
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.status).toBe(status);
      const [after] = await codesNamed(`OLD${fresh}`);
      expect(Number(after.value)).toBe(5);
      expect(await links(code.id)).toEqual(before);
    });
  }

  it("a code taken in another case is a 409, and its links are not written", async () => {
    await create(t, "ecommerce/discount-codes", { code: "TAKEN", kind: "percent", value: "5" });
    const again = await t.request({
      method: "POST",
      url: EDITOR,
      payload: {
        data: { code: { code: "taken", kind: "percent", value: "5" }, productIds: [c.shoes.id], categoryIds: [] },
      },
    });
    expect(again.status).toBe(409);
    expect(await codesNamed("taken")).toHaveLength(1);
  });

  it("If-Match: a save over someone else's is a 412 with their code, and changes nothing; with the current ETag it saves", async () => {
    const made = await post({ code: { code: "RACE", kind: "percent", value: "5" }, productIds: [], categoryIds: [] });
    const first = made.etag!;
    const theirs = await put(made.body.data.code.id, { code: { value: "6" }, productIds: [], categoryIds: [] }, first);
    expect(theirs.status).toBe(200);
    const mine = await put(
      made.body.data.code.id,
      { code: { value: "8" }, productIds: [c.shoes.id], categoryIds: [] },
      first,
    );
    expect(mine.status).toBe(412);
    expect(Number(mine.body.data.value)).toBe(6);
    expect(await links(made.body.data.code.id)).toEqual({ productIds: [], categoryIds: [] });
    const again = await put(
      made.body.data.code.id,
      { code: { value: "8" }, productIds: [c.shoes.id], categoryIds: [] },
      theirs.etag,
    );
    expect(again.status).toBe(200);
    expect(Number(again.body.data.code.value)).toBe(8);
  });

  it("a shopper may not save codes; a body without its lists is a 400", async () => {
    const ann = await shopper(t, "ann-codes@example.com");
    const data = { code: { code: "MINE", kind: "percent", value: "50" }, productIds: [], categoryIds: [] };
    expect((await ann.call({ method: "POST", url: EDITOR, payload: { data } })).status).toBe(403);
    expect((await t.request({ method: "POST", url: EDITOR, key: null, payload: { data } })).status).toBe(401);
    expect((await t.request({ method: "POST", url: EDITOR, payload: { data: { code: {} } } })).status).toBe(400);
    expect(await codesNamed("MINE")).toEqual([]);
  });
});

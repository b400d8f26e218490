import { sql } from "kysely";
import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";

const uuid = "00000000-0000-4000-8000-000000000000";

describe(`writes on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const post = (url: string, data: unknown) => t.request({ method: "POST", url, payload: { data } });
  const count = async (url: string, filters: unknown[] = []) =>
    (await t.request({ method: "GET", url: `${url}/count?${qs.stringify({ filters: { and: filters } })}` })).body.data;

  it("accepts data as JSON, urlencoded and multipart", async () => {
    const json = await post("/api/ecommerce/stores", { title: { en: "Json store" } });
    const form = await t.request({
      method: "POST",
      url: "/api/ecommerce/stores",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `data=${encodeURIComponent(JSON.stringify({ title: { en: "Form store" } }))}`,
    });
    const boundary = "----test-boundary";
    const multipart = await t.request({
      method: "POST",
      url: "/api/ecommerce/stores",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ title: { en: "Multipart store" } })}\r\n--${boundary}--\r\n`,
    });
    expect([json.status, form.status, multipart.status]).toEqual([201, 201, 201]);
    expect([json, form, multipart].map((r) => r.body.data.slug)).toEqual([
      "json-store",
      "form-store",
      "multipart-store",
    ]);
  });

  it("says 'No data' when data is missing, and 400 when it is not JSON", async () => {
    const missing = await t.request({ method: "POST", url: "/api/ecommerce/stores", payload: { other: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Validation error: No data");
    const garbled = await t.request({
      method: "POST",
      url: "/api/ecommerce/stores",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "data=%7Bnope",
    });
    expect(garbled.status).toBe(400);
  });

  it("generates slug and adminTitle, transliterating Russian, and keeps given ones", async () => {
    const ru = await post("/api/blog/articles", { title: { ru: "Привет мир" } });
    expect(ru.body.data).toMatchObject({ slug: "privet-mir", adminTitle: "Привет мир" });
    const given = await post("/api/blog/articles", { slug: "chosen", adminTitle: "Chosen one" });
    expect(given.body.data).toMatchObject({ slug: "chosen", adminTitle: "Chosen one" });
    const untitled = await post("/api/rbac/subjects", {});
    expect(untitled.status).toBe(201);
    expect(untitled.body.data.slug).toMatch(/^subject-[0-9a-f]{8}$/);
  });

  it("answers 409 on a taken unique value and 400 on a missing foreign key, naming the field", async () => {
    await post("/api/billing/currencies", { slug: "usd", symbol: "$" });
    const taken = await post("/api/billing/currencies", { slug: "usd" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "CONFLICT", cause: [{ path: "/slug" }] });
    expect(taken.body.message).toMatch(/^Conflict error: \/slug/);
    const store = await post("/api/ecommerce/stores", {});
    const orphan = await post("/api/ecommerce/stores-to-products", { storeId: store.body.data.id, productId: uuid });
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe("Validation error: /productId references a missing ecommerce/products");
  });

  it("validates against the schema: currency slug pattern, enums, types, unknown fields", async () => {
    const pattern = await post("/api/billing/currencies", { slug: "US Dollar" });
    expect(pattern.status).toBe(400);
    expect(pattern.body.cause[0].path).toBe("/slug");
    const status = await post("/api/ecommerce/orders", { status: "lost" });
    expect(status.body.cause).toEqual([
      { path: "/status", message: "must be one of new, paying, approving, packaging, delivering, delivered, canceled" },
    ]);
    const wrong = await post("/api/ecommerce/stores", { title: "not a map", colour: "red" });
    expect(wrong.body.cause.map((c: any) => c.path).sort()).toEqual(["/colour", "/title"]);
  });

  it("maintains updatedAt and ignores server-kept fields sent back by a form", async () => {
    const created = (await post("/api/ecommerce/stores", {})).body.data;
    await new Promise((r) => setTimeout(r, 5));
    const updated = await t.request({
      method: "PATCH",
      url: `/api/ecommerce/stores/${created.id}`,
      payload: { data: { ...created, variant: "wide", createdAt: "2000-01-01T00:00:00.000Z" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.variant).toBe("wide");
    expect(updated.body.data.createdAt).toBe(created.createdAt);
    expect(Date.parse(updated.body.data.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
  });

  it("answers 404 for a missing id and 400 for a malformed one", async () => {
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const missing = await t.request({
        method,
        url: `/api/ecommerce/stores/${uuid}`,
        payload: method === "PATCH" ? { data: {} } : undefined,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toMatch(/^Not Found error: Store/);
      const malformed = await t.request({
        method,
        url: "/api/ecommerce/stores/12",
        payload: method === "PATCH" ? { data: {} } : undefined,
      });
      expect(malformed.status).toBe(400);
    }
  });

  it("deletes relation rows with either side (cascade)", async () => {
    const store = (await post("/api/ecommerce/stores", {})).body.data;
    const products = (await post("/api/ecommerce/products/bulk", [{}, {}])).body.data;
    const links = await post(
      "/api/ecommerce/stores-to-products/bulk",
      products.map((p: any) => ({ storeId: store.id, productId: p.id })),
    );
    expect(links.status).toBe(201);
    const byStore = [{ column: "storeId", method: "eq", value: store.id }];
    expect(await count("/api/ecommerce/stores-to-products", byStore)).toBe(2);
    await t.request({ method: "DELETE", url: `/api/ecommerce/products/${products[0].id}` });
    expect(await count("/api/ecommerce/stores-to-products", byStore)).toBe(1);
    const deleted = await t.request({ method: "DELETE", url: `/api/ecommerce/stores/${store.id}` });
    expect(deleted.body.data.id).toBe(store.id);
    expect(await count("/api/ecommerce/stores-to-products", byStore)).toBe(0);
  });

  it("bulk create is all or nothing", async () => {
    const before = await count("/api/ecommerce/categories");
    const failed = await post("/api/ecommerce/categories/bulk", [{ slug: "ok-1" }, { slug: "ok-2" }, { slug: 42 }]);
    expect(failed.status).toBe(400);
    expect(failed.body.cause).toEqual([{ path: "/2/slug", message: "must be string" }]);
    const duplicate = await post("/api/ecommerce/categories/bulk", [{ slug: "dup" }, { slug: "dup" }]);
    expect(duplicate.status).toBe(409);
    expect(await count("/api/ecommerce/categories")).toBe(before);
    const ok = await post("/api/ecommerce/categories/bulk", [{ title: { en: "Same" } }, { title: { en: "Same" } }]);
    expect(ok.body.data.map((c: any) => c.slug)).toEqual(["same", "same-2"]);
  });

  it("bulk update is all or nothing", async () => {
    const rows = (await post("/api/ecommerce/categories/bulk", [{ slug: "b-1" }, { slug: "b-2" }])).body.data;
    const patch = (data: unknown) =>
      t.request({ method: "PATCH", url: "/api/ecommerce/categories/bulk", payload: { data } });
    const missing = await patch([
      { id: rows[0].id, variant: "changed" },
      { id: uuid, variant: "changed" },
    ]);
    expect(missing.status).toBe(404);
    const conflict = await patch([
      { id: rows[0].id, variant: "changed" },
      { id: rows[1].id, slug: "b-1" },
    ]);
    expect(conflict.status).toBe(409);
    const noId = await patch([{ variant: "changed" }]);
    expect(noId.body.cause).toEqual([{ path: "/0/id", message: "id is required" }]);
    const unchanged = await t.request({ method: "GET", url: `/api/ecommerce/categories/${rows[0].id}` });
    expect(unchanged.body.data.variant).toBe("default");
    const ok = await patch([
      { id: rows[0].id, variant: "x" },
      { id: rows[1].id, variant: "y" },
    ]);
    expect(ok.body.data.map((r: any) => r.variant)).toEqual(["x", "y"]);
  });

  it("find-or-create finds by the unique fields given, else by all given fields, else creates", async () => {
    const first = await post("/api/ecommerce/categories/find-or-create", { slug: "shoes", variant: "a" });
    expect(first.status).toBe(201);
    const again = await post("/api/ecommerce/categories/find-or-create", { slug: "shoes", variant: "b" });
    expect(again).toMatchObject({ status: 200, body: { data: { id: first.body.data.id, variant: "a" } } });
    const byFields = await post("/api/rbac/roles/find-or-create", { title: "Editor", uid: "editor" });
    const byFieldsAgain = await post("/api/rbac/roles/find-or-create", { uid: "editor" });
    expect(byFieldsAgain.body.data.id).toBe(byFields.body.data.id);
    const key = (await post("/api/ecommerce/attribute-keys", {})).body.data;
    const attribute = (await post("/api/ecommerce/attributes", {})).body.data;
    const link = { attributeKeyId: key.id, attributeId: attribute.id };
    const l1 = await post("/api/ecommerce/attribute-keys-to-attributes/find-or-create", link);
    const l2 = await post("/api/ecommerce/attribute-keys-to-attributes/find-or-create", link);
    expect([l1.status, l2.status, l2.body.data.id]).toEqual([201, 200, l1.body.data.id]);
  });

  it("needs the secret key for every write until accounts land; reads are open", async () => {
    const anonymous = await t.request({
      method: "POST",
      url: "/api/ecommerce/stores",
      payload: { data: {} },
      key: null,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/^Authentication error/);
    const wrong = await t.request({ method: "DELETE", url: `/api/ecommerce/stores/${uuid}`, key: "guess" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/^Permission error/);
    const cookie = await t.request({
      method: "POST",
      url: "/api/ecommerce/stores",
      payload: { data: {} },
      key: null,
      headers: { cookie: `theme=dark; rbac.secret-key=${SECRET}` },
    });
    expect(cookie.status).toBe(201);
    expect((await t.request({ method: "GET", url: "/api/ecommerce/stores", key: null })).status).toBe(200);
  });

  describe("hidden fields", () => {
    let identityId: string;
    beforeAll(async () => {
      identityId = (await post("/api/rbac/identities", { email: "a@example.com" })).body.data.id;
      await sql`UPDATE "rbac_identities" SET "password" = 'hash', "salt" = 'salt', "code" = 'code' WHERE id = ${identityId}`.execute(
        t.database.db,
      );
    });

    it("are never returned", async () => {
      const responses = [
        await t.request({ method: "GET", url: `/api/rbac/identities/${identityId}` }),
        await t.request({ method: "GET", url: "/api/rbac/identities" }),
        await t.request({
          method: "PATCH",
          url: `/api/rbac/identities/${identityId}`,
          payload: { data: { account: "a" } },
        }),
        await post("/api/rbac/identities/find-or-create", { email: "a@example.com" }),
      ];
      for (const { body } of responses) {
        const text = JSON.stringify(body);
        expect(text).toContain(identityId);
        expect(text).not.toMatch(/"(password|salt|code)"|hash/);
      }
    });

    it.each(["password", "salt", "code"])("%s cannot be filtered, ordered or written", async (field) => {
      const filtered = await t.request({
        method: "GET",
        url: `/api/rbac/identities?${qs.stringify({ filters: { and: [{ column: field, method: "eq", value: "hash" }] } })}`,
      });
      expect(filtered.status).toBe(400);
      const counted = await t.request({
        method: "GET",
        url: `/api/rbac/identities/count?${qs.stringify({ filters: { and: [{ column: field, method: "isNotNull" }] } })}`,
      });
      expect(counted.status).toBe(400);
      const ordered = await t.request({
        method: "GET",
        url: `/api/rbac/identities?${qs.stringify({ orderBy: { and: [{ column: field, method: "asc" }] } })}`,
      });
      expect(ordered.status).toBe(400);
      const written = await t.request({
        method: "PATCH",
        url: `/api/rbac/identities/${identityId}`,
        payload: { data: { [field]: "new" } },
      });
      expect(written.status).toBe(400);
      expect(written.body.cause).toEqual([{ path: `/${field}`, message: "is not a writable field" }]);
      const created = await post("/api/rbac/identities/bulk", [{ [field]: "x" }]);
      expect(created.status).toBe(400);
      const stored = await sql<{
        value: string;
      }>`SELECT ${sql.ref(field)} AS value FROM "rbac_identities" WHERE id = ${identityId}`.execute(t.database.db);
      expect(stored.rows[0]!.value).toBe(field === "password" ? "hash" : field);
    });
  });
});

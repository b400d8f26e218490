import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedTable } from "../../engine/schema/published-model.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register } from "../rbac/helpers.js";
import { catalogue, create, type Catalogue } from "./shop-fixture.js";

const EDITOR = "/api/ecommerce/products/editor";
const one = (id: string) => `/api/ecommerce/products/${id}/editor`;

/** The tables one editor save writes: none may hold a stray row after a replace or a refusal. */
const TABLES = [
  "ecommerce/products",
  "ecommerce/stores-to-products",
  "ecommerce/categories-to-products",
  "ecommerce/products-to-file-storage-module-files",
  "ecommerce/attributes",
  "ecommerce/attribute-keys",
  "ecommerce/attribute-keys-to-attributes",
  "ecommerce/attributes-to-billing-module-currencies",
  "ecommerce/products-to-attributes",
  "ecommerce/stores-to-products-to-attributes",
];

// The product editor's one-transaction save (docs/shop.md "Product editor"):
// the product, its prices, photos, stores, categories and name/value attributes in one request,
// on both drafts settings.
for (const drafts of [false, true]) {
  describe(`product editor routes, drafts ${drafts ? "on" : "off"} (${testDialect})`, () => {
    let t: TestApp;
    let c: Catalogue;
    let files: Record<string, any>[];
    let kitchen: Record<string, any>;
    let gifts: Record<string, any>;
    let store2: Record<string, any>;

    const send = (method: "GET" | "POST" | "PUT", url: string, data?: unknown, key?: string | null) =>
      t.request({
        method,
        url,
        ...(data === undefined ? {} : { payload: { data } }),
        ...(key === undefined ? {} : { key }),
      });
    const counts = async (view: "working" | "published" = "working") => {
      const result: Record<string, number> = {};
      for (const id of TABLES) {
        const model = t.app.registry.get(id);
        const table = view === "working" ? model.table : publishedTable(model);
        const row = await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow();
        result[id] = Number(row.n);
      }
      return result;
    };
    const form = (over: Record<string, unknown> = {}) => ({
      product: {
        title: { en: "Linen apron", ru: "Льняной фартук" },
        shortDescription: { en: "Washed linen", ru: "Стираный лён" },
        description: {},
        type: "one_off",
        shipping: "required",
        stock: 2,
      },
      prices: [
        { currencyId: c.usd.id, amount: "32.00" },
        { currencyId: c.eur.id, amount: "29.90" },
      ],
      photos: [{ fileId: files[0]!.id, alt: { en: "An apron", ru: "Фартук" } }, { fileId: files[1]!.id }],
      stores: [{ storeId: c.store.id, stock: 1 }],
      categoryIds: [kitchen.id],
      attributes: [{ name: { en: "Material", ru: "Материал" }, value: { en: "Linen", ru: "Лён" } }],
      ...over,
    });

    beforeAll(async () => {
      t = await createTestApp({ drafts });
      c = await catalogue(t);
      const repo = t.app.repositories.get("file-storage/files")!;
      files = [];
      for (const name of ["front", "back", "side"])
        files.push(
          await repo.create({
            adminTitle: `${name}.png`,
            file: `/files/${name}.png`,
            mimeType: "image/png",
            width: 800,
            height: 600,
          }),
        );
      kitchen = await create(t, "ecommerce/categories?publish=true", {
        adminTitle: "Kitchen",
        title: { en: "Kitchen" },
      });
      gifts = await create(t, "ecommerce/categories?publish=true", { adminTitle: "Gifts", title: { en: "Gifts" } });
      store2 = await create(t, "ecommerce/stores?publish=true", { adminTitle: "Market", title: { en: "Market" } });
      // The catalogue is on the site: what differs between the copies from here on is the editor's.
      await t.app.drafts.publishAll();
    });
    afterAll(() => t?.close());

    let apron: string;

    it("creates a product with its prices, photos, store, category and attribute in one request, and answers it as the editor reads it", async () => {
      const before = await counts();
      const created = await send(
        "POST",
        EDITOR,
        form({
          prices: [
            { currencyId: c.usd.id, amount: "32.00" },
            { currencyId: c.eur.id, amount: "29.90" },
            { currencyId: c.usd.id, amount: "30.5", storeId: c.store.id },
          ],
        }),
      );
      expect(created.status).toBe(201);
      const doc = created.body.data;
      apron = doc.product.id;
      expect(doc.product).toMatchObject({
        adminTitle: "Linen apron",
        title: { en: "Linen apron", ru: "Льняной фартук" },
        stock: 2,
        shipping: "required",
      });
      expect(doc.product.publication.state).toBe(drafts ? "draft" : "published");
      expect(doc.prices).toEqual([
        { currencyId: c.eur.id, amount: "29.90", storeId: null },
        { currencyId: c.usd.id, amount: "32.00", storeId: null },
        { currencyId: c.usd.id, amount: "30.5", storeId: c.store.id },
      ]);
      expect(doc.photos.map((p: any) => [p.fileId, p.alt])).toEqual([
        [files[0]!.id, { en: "An apron", ru: "Фартук" }],
        [files[1]!.id, {}],
      ]);
      expect(doc.stores).toEqual([{ storeId: c.store.id, stock: 1 }]);
      expect(doc.categoryIds).toEqual([kitchen.id]);
      expect(doc.attributes).toEqual([{ name: { en: "Material", ru: "Материал" }, value: { en: "Linen", ru: "Лён" } }]);
      expect((await send("GET", one(apron))).body.data).toEqual(doc);
      // One product, one offer, one category link, two photo links, three prices (attribute, key
      // link, currency link each), one feature (attribute, key link) under a new key "Material".
      const after = await counts();
      expect(after).toEqual({
        ...before,
        "ecommerce/products": before["ecommerce/products"]! + 1,
        "ecommerce/stores-to-products": before["ecommerce/stores-to-products"]! + 1,
        "ecommerce/categories-to-products": before["ecommerce/categories-to-products"]! + 1,
        "ecommerce/products-to-file-storage-module-files":
          before["ecommerce/products-to-file-storage-module-files"]! + 2,
        "ecommerce/attributes": before["ecommerce/attributes"]! + 4,
        "ecommerce/attribute-keys": before["ecommerce/attribute-keys"]! + 1,
        "ecommerce/attribute-keys-to-attributes": before["ecommerce/attribute-keys-to-attributes"]! + 4,
        "ecommerce/attributes-to-billing-module-currencies":
          before["ecommerce/attributes-to-billing-module-currencies"]! + 3,
        "ecommerce/products-to-attributes": before["ecommerce/products-to-attributes"]! + 3,
        "ecommerce/stores-to-products-to-attributes": before["ecommerce/stores-to-products-to-attributes"]! + 1,
      });
      // The site (published copies): with drafts on a product never published is not there (404,
      // as a visitor's read of it is); everything at once with drafts off.
      const visitor = await send("GET", `/api/ecommerce/products/${apron}/prices`, undefined, null);
      expect(visitor.status).toBe(drafts ? 404 : 200);
      if (!drafts) expect(visitor.body.data.prices).toHaveLength(3);
    });

    it("replaces: photos re-ordered, a store swapped (its override goes), categories and attributes changed — no stray row; the feature key is reused", async () => {
      const before = await counts();
      const saved = await send(
        "PUT",
        one(apron),
        form({
          product: {
            title: { en: "Linen apron", ru: "Льняной фартук" },
            shortDescription: { en: "Washed linen" },
            description: {},
            type: "one_off",
            shipping: "required",
            stock: null,
          },
          prices: [
            { currencyId: c.usd.id, amount: "90071992547409.99" },
            { currencyId: c.eur.id, amount: "0.10" },
            { currencyId: c.eur.id, amount: "1.25", storeId: store2.id },
          ],
          photos: [{ fileId: files[2]!.id }, { fileId: files[0]!.id, alt: { en: "The apron" } }],
          stores: [{ storeId: store2.id }],
          categoryIds: [gifts.id, kitchen.id],
          attributes: [
            { name: { en: "Material" }, value: { en: "Washed linen" } },
            { name: { en: "Care", ru: "Уход" }, value: { en: "40 °C", ru: "40 °C" } },
          ],
        }),
      );
      expect(saved.status).toBe(200);
      const doc = saved.body.data;
      expect(doc.product.stock).toBeNull();
      expect(doc.prices).toEqual([
        { currencyId: c.eur.id, amount: "0.10", storeId: null },
        { currencyId: c.usd.id, amount: "90071992547409.99", storeId: null },
        { currencyId: c.eur.id, amount: "1.25", storeId: store2.id },
      ]);
      expect(doc.photos.map((p: any) => [p.fileId, p.alt])).toEqual([
        [files[2]!.id, {}],
        [files[0]!.id, { en: "The apron" }],
      ]);
      expect(doc.stores).toEqual([{ storeId: store2.id, stock: null }]);
      expect(doc.categoryIds).toEqual([gifts.id, kitchen.id]);
      expect(doc.attributes).toEqual([
        { name: { en: "Material", ru: "Материал" }, value: { en: "Washed linen" } },
        { name: { en: "Care", ru: "Уход" }, value: { en: "40 °C", ru: "40 °C" } },
      ]);
      const photoRows = await t.database.db
        .selectFrom(t.app.registry.get("ecommerce/products-to-file-storage-module-files").table)
        .select(["fileStorageModuleFileId", "orderIndex"])
        .where("productId", "=", apron)
        .orderBy("orderIndex")
        .execute();
      expect(photoRows).toEqual([
        { fileStorageModuleFileId: files[2]!.id, orderIndex: 0 },
        { fileStorageModuleFileId: files[0]!.id, orderIndex: 1 },
      ]);
      // Same counts but: one more category link, one more photo link swapped (same), one more
      // feature (attribute + key link) under one new key "Care".
      expect(await counts()).toEqual({
        ...before,
        "ecommerce/categories-to-products": before["ecommerce/categories-to-products"]! + 1,
        "ecommerce/attributes": before["ecommerce/attributes"]! + 1,
        "ecommerce/attribute-keys": before["ecommerce/attribute-keys"]! + 1,
        "ecommerce/attribute-keys-to-attributes": before["ecommerce/attribute-keys-to-attributes"]! + 1,
        "ecommerce/products-to-attributes": before["ecommerce/products-to-attributes"]! + 1,
      });
      if (!drafts) {
        // Saves publish at once: the published copies are the working copies, removals included.
        expect(await counts("published")).toEqual(await counts());
      }
      // Each save is one version of the product (with its tree), as a generic save is.
      const versions = (await send("GET", `/api/ecommerce/products/${apron}/versions`)).body.data;
      expect(versions.map((v: any) => v.kind)).toEqual(drafts ? ["save", "save"] : ["publish", "publish"]);
    });

    it("publishes what the editor shows: the site then has the new prices (a store's override too), photos and offers, and the state is published", async () => {
      const published = await send("POST", `${one(apron)}/publish`);
      expect(published.status).toBe(200);
      expect(published.body.data.product.publication.state).toBe("published");
      // Everything the editor wrote is on the site now: the published copies equal the working ones
      // (the store's offer and its override, the category links, removals included).
      expect(await counts("published")).toEqual(await counts());
      const visitor = (await send("GET", `/api/ecommerce/products/${apron}/prices`, undefined, null)).body.data.prices;
      expect(visitor).toEqual([
        { currencyId: c.eur.id, amount: "0.10", storeId: null },
        { currencyId: c.usd.id, amount: "90071992547409.99", storeId: null },
        { currencyId: c.eur.id, amount: "1.25", storeId: store2.id },
      ]);
      const photos = await t.database.db
        .selectFrom(publishedTable(t.app.registry.get("ecommerce/products-to-file-storage-module-files")))
        .select("fileStorageModuleFileId")
        .where("productId", "=", apron)
        .orderBy("orderIndex")
        .execute();
      expect(photos.map((p) => p.fileStorageModuleFileId)).toEqual([files[2]!.id, files[0]!.id]);
      // A save after the publish is a change the site does not show yet (drafts on).
      const again = await send("PUT", one(apron), form());
      expect(again.body.data.product.publication.state).toBe(drafts ? "changed" : "published");
    });

    describe("refuses, and leaves everything as it was (one transaction)", () => {
      const refused = async (over: Record<string, unknown>, path: string) => {
        const before = await counts();
        const doc = (await send("GET", one(apron))).body.data;
        const response = await send(
          "PUT",
          one(apron),
          form({ product: { ...form().product, title: { en: "Changed title" } }, ...over }),
        );
        expect(response.status).toBe(400);
        expect(response.body.message).toContain(path);
        expect(await counts()).toEqual(before);
        expect((await send("GET", one(apron))).body.data).toEqual(doc);
      };
      it("an unknown store", () =>
        refused({ stores: [{ storeId: "00000000-0000-4000-8000-000000000001" }] }, "stores[0].storeId"));
      it("an unknown file", () =>
        refused({ photos: [{ fileId: "00000000-0000-4000-8000-000000000001" }] }, "photos[0].fileId"));
      it("an unknown category", () =>
        refused({ categoryIds: [kitchen.id, "00000000-0000-4000-8000-000000000001"] }, "categoryIds[1]"));
      it("the same photo twice", () =>
        refused({ photos: [{ fileId: files[0]!.id }, { fileId: files[0]!.id }] }, "photos[1].fileId"));
      it("a store's price for a store the product is not in", () =>
        refused({ prices: [{ currencyId: c.usd.id, amount: "1.00", storeId: store2.id }] }, "prices[0].storeId"));
      it("an attribute without a value", () =>
        refused({ attributes: [{ name: { en: "Size" }, value: { en: " " } }] }, "attributes[0].value"));
      // Checked once the product, its stores and categories were already written in the
      // transaction: the refusal rolls those back too.
      it("more decimals than the currency has (refused after the product's row was written)", () =>
        refused(
          {
            stores: [{ storeId: store2.id }, { storeId: c.store.id }],
            prices: [{ currencyId: c.usd.id, amount: "1.005" }],
          },
          "prices[0].amount",
        ));
      it("a price as a JSON number", () =>
        refused({ prices: [{ currencyId: c.usd.id, amount: 12.5 }] }, "/prices/0/amount"));
      it("a negative stock", () => refused({ product: { ...form().product, stock: -1 } }, "/product/stock"));
    });

    it("an unknown product is a 404; the table lists products with photo, own prices, stock and state, searchable and paged", async () => {
      expect((await send("PUT", one("00000000-0000-4000-8000-000000000001"), form())).status).toBe(404);
      expect((await send("GET", one("00000000-0000-4000-8000-000000000001"))).status).toBe(404);
      expect((await send("POST", `${one("00000000-0000-4000-8000-000000000001")}/publish`)).status).toBe(404);
      const page = (await send("GET", `${EDITOR}?search=apron&limit=5`)).body.data;
      expect(page.total).toBe(1);
      expect(page.rows[0]).toMatchObject({
        id: apron,
        adminTitle: "Linen apron",
        stock: 2,
        photo: { file: "/files/front.png" },
        prices: [
          { amount: "29.90", code: "EUR" },
          { amount: "32.00", code: "USD" },
        ],
      });
      expect(page.rows[0].publication.state).toBe(drafts ? "changed" : "published");
      const all = (await send("GET", `${EDITOR}?limit=2&offset=2`)).body.data;
      expect(all.total).toBe(4);
      expect(all.rows).toHaveLength(2);
      // Quoted in docs/shop.md: a page costs 5 statements whatever its size (page, photos, prices, states, schedules).
      const statements = async (limit: number) => {
        let least = Infinity;
        for (let i = 0; i < 3; i++) {
          const before = t.database.queryCount();
          expect((await send("GET", `${EDITOR}?limit=${limit}`)).body.data.rows).toHaveLength(limit);
          least = Math.min(least, t.database.queryCount() - before);
        }
        return least;
      };
      expect([await statements(1), await statements(4)]).toEqual([5, 5]);
      const choices = (await send("GET", `${EDITOR}/choices`)).body.data;
      expect(choices.currencies.map((x: any) => x.slug)).toEqual(["eur", "usd"]);
      expect(choices.stores.map((x: any) => x.adminTitle)).toEqual(["Market", "Outlet"]);
      expect(choices.categories.map((x: any) => x.adminTitle)).toEqual(["Gifts", "Kitchen"]);
    });

    it("is for editors only: a visitor and a member are refused its reads and saves", async () => {
      expect((await send("GET", EDITOR, undefined, null)).status).toBe(401);
      expect((await send("GET", one(apron), undefined, null)).status).toBe(401);
      expect((await send("PUT", one(apron), form(), null)).status).toBe(401);
      expect((await send("POST", `${one(apron)}/publish`, undefined, null)).status).toBe(401);
      const member = as(t, await register(t, `member-${drafts}@example.com`));
      expect((await member({ method: "GET", url: one(apron), key: null })).status).toBe(403);
      expect((await member({ method: "GET", url: `${EDITOR}/choices`, key: null })).status).toBe(403);
      expect((await member({ method: "POST", url: EDITOR, payload: { data: form() }, key: null })).status).toBe(403);
      expect((await member({ method: "PUT", url: one(apron), payload: { data: form() }, key: null })).status).toBe(403);
      expect((await member({ method: "POST", url: `${one(apron)}/publish`, key: null })).status).toBe(403);
    });
  });
}

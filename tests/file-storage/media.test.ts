import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, type SignedIn } from "../rbac/helpers.js";
import { image, localStorage, multipart, type StorageUnderTest } from "./helpers.js";

const MEDIA = "/api/file-storage/media";

/** The media screen's routes: a page of files with their use counts, and where one file is used. */
describe(`the media library on ${testDialect}`, () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let member: SignedIn;
  const upload = async (name: string, width: number, height: number, data: Record<string, unknown> = {}) => {
    const response = await t.request({
      method: "POST",
      url: "/api/file-storage/files",
      ...(await multipart(
        { adminTitle: name, ...data },
        { file: { name, type: "image/png", bytes: await image(width, height) } },
      )),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: string };
  };
  const create = async (url: string, data: Record<string, unknown>) => {
    const response = await t.request({ method: "POST", url, payload: { data } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: string };
  };

  beforeAll(async () => {
    storage = await localStorage();
    t = await createTestApp({ dataDir: storage.dataDir, fileStorage: storage.settings });
    member = await register(t, "media-member@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it("lists files newest first with what was read from each, their alt texts and how many records use them", async () => {
    const mug = await upload("mug-front.png", 640, 480, { alt: { en: "A blue mug", ru: "Синяя кружка" } });
    const unused = await upload("spare.png", 20, 10);
    const product = await create("/api/ecommerce/products", {
      adminTitle: "Ceramic mug",
      title: { en: "Ceramic mug", ru: "Керамическая кружка" },
    });
    await create("/api/ecommerce/products-to-file-storage-module-files", {
      productId: product.id,
      fileStorageModuleFileId: mug.id,
    });
    const widget = await create("/api/file-storage/widgets", { adminTitle: "Gallery", title: { en: "Gallery" } });
    await create("/api/file-storage/widgets-to-files", { widgetId: widget.id, fileId: mug.id });

    const { status, body } = await t.request({ method: "GET", url: `${MEDIA}?search=.png` });
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    expect(body.data.rows.map((r: any) => r.adminTitle)).toEqual(["spare.png", "mug-front.png"]);
    const [spare, front] = body.data.rows;
    expect(front).toMatchObject({
      id: mug.id,
      mimeType: "image/png",
      extension: "png",
      width: 640,
      height: 480,
      alt: { en: "A blue mug", ru: "Синяя кружка" },
      usedBy: 2,
    });
    expect(front.file).toMatch(/^\/public\/files\/[0-9a-f-]+\.png$/);
    expect(front.size).toBeGreaterThan(0);
    expect(spare).toMatchObject({ id: unused.id, width: 20, height: 10, usedBy: 0, alt: {} });

    expect(
      (await t.request({ method: "GET", url: `${MEDIA}?search=MUG-fr` })).body.data.rows.map((r: any) => r.id),
    ).toEqual([mug.id]);
    // A search's % and _ are the letters, not wildcards.
    expect((await t.request({ method: "GET", url: `${MEDIA}?search=%25` })).body.data).toEqual({ rows: [], total: 0 });
  });

  it("says where a file is used: every record linking to it, found from the schemas, named in the language asked", async () => {
    const photo = await upload("teapot.png", 50, 50);
    const teapot = await create("/api/ecommerce/products", {
      adminTitle: "Teapot",
      title: { en: "Teapot", ru: "Чайник" },
    });
    await create("/api/ecommerce/products-to-file-storage-module-files", {
      productId: teapot.id,
      fileStorageModuleFileId: photo.id,
    });
    const article = await create("/api/blog/articles", {
      adminTitle: "Tea time",
      title: { en: "Tea time", ru: "Время чая" },
    });
    await create("/api/blog/articles-to-file-storage-module-files", {
      articleId: article.id,
      fileStorageModuleFileId: photo.id,
    });

    const ru = await t.request({ method: "GET", url: `${MEDIA}/${photo.id}/uses?language=ru` });
    expect(ru.status).toBe(200);
    expect(ru.body.data).toEqual([
      { model: "blog/articles", modelTitle: "Статья", id: article.id, label: "Tea time" },
      { model: "ecommerce/products", modelTitle: "Товар", id: teapot.id, label: "Teapot" },
    ]);
    const en = await t.request({ method: "GET", url: `${MEDIA}/${photo.id}/uses?language=en` });
    expect(en.body.data.map((use: { modelTitle: string }) => use.modelTitle)).toEqual(["Article", "Product"]);
    const unused = await upload("lonely.png", 10, 10);
    expect((await t.request({ method: "GET", url: `${MEDIA}/${unused.id}/uses` })).body.data).toEqual([]);
    const missing = await t.request({ method: "GET", url: `${MEDIA}/00000000-0000-4000-8000-000000000000/uses` });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/was not found/);
    expect((await t.request({ method: "GET", url: `${MEDIA}/not-a-uuid/uses` })).status).toBe(400);
    expect((await t.request({ method: "GET", url: `${MEDIA}/${photo.id}/uses?language=xx` })).status).toBe(400);
    expect((await t.request({ method: "GET", url: `${MEDIA}?limit=lots` })).status).toBe(400);
  });

  it("is the admin's: a visitor and a plain member are refused, though files themselves are public", async () => {
    expect((await t.request({ method: "GET", key: null, url: MEDIA })).status).toBe(401);
    expect((await as(t, member)({ method: "GET", url: MEDIA })).status).toBe(403);
    const anyFile = (await t.request({ method: "GET", url: MEDIA })).body.data.rows[0].id;
    expect((await as(t, member)({ method: "GET", url: `${MEDIA}/${anyFile}/uses` })).status).toBe(403);
    expect((await t.request({ method: "GET", key: null, url: "/api/file-storage/files" })).status).toBe(200);
  });

  it("a page costs the same queries for 5 files and for 40, uses included; pages follow each other", async () => {
    const count = async (query: string) => {
      const before = t.database.queryCount();
      const response = await t.request({ method: "GET", url: `${MEDIA}${query}` });
      expect(response.status).toBe(200);
      return { queries: t.database.queryCount() - before, body: response.body };
    };
    const product = await create("/api/ecommerce/products", { adminTitle: "Bulk", title: { en: "Bulk" } });
    const add = async (i: number) => {
      const file = await create("/api/file-storage/files", {
        adminTitle: `bulk-${String(i).padStart(2, "0")}`,
        file: `/public/files/bulk-${i}.png`,
        mimeType: "image/png",
      });
      await create("/api/ecommerce/products-to-file-storage-module-files", {
        productId: product.id,
        fileStorageModuleFileId: file.id,
      });
    };
    for (let i = 0; i < 5; i++) await add(i);
    await count("?search=bulk-&limit=50"); // warms caches, not measured
    const five = await count("?search=bulk-&limit=50");
    for (let i = 5; i < 40; i++) await add(i);
    const forty = await count("?search=bulk-&limit=50");
    expect(five.body.data.rows).toHaveLength(5);
    expect(forty.body.data.rows).toHaveLength(40);
    expect(forty.body.data.rows.every((r: any) => r.usedBy === 1)).toBe(true);
    expect(five.queries).toBe(1);
    expect(forty.queries).toBe(five.queries);
    const second = await count("?search=bulk-&limit=15&offset=15");
    expect(second.body.data.total).toBe(40);
    expect(second.body.data.rows.map((r: any) => r.adminTitle)).toEqual(
      Array.from({ length: 15 }, (_, i) => `bulk-${String(24 - i).padStart(2, "0")}`),
    );
    // Past the end: no rows, the total still counted.
    expect((await count("?search=bulk-&limit=15&offset=60")).body.data).toEqual({ rows: [], total: 40 });
  });
});

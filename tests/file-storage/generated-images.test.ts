import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopImageData } from "../../server/modules/ecommerce/shop-image-data.js";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, create, shopper, type Catalogue } from "../ecommerce/shop-fixture.js";
import { localStorage, type StorageUnderTest } from "./helpers.js";

const GENERATE = "/api/file-storage/files/generate";
const OG = "generate-template-opengraph-image-default";
const RECEIPT = "generate-template-ecommerce-order-receipt-default";
const ATTACHMENT = "generate-template-ecommerce-product-attachment-default";

describe(`generated images on ${testDialect}`, () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let shop: Catalogue;
  let page: Record<string, any>;
  let metadata: Record<string, any>;

  const generate = (data: Record<string, unknown>, key?: string | null) =>
    t.request({ method: "POST", url: GENERATE, payload: { data }, ...(key === undefined ? {} : { key }) });
  const pngOf = async (file: string) => {
    // The secret key reads every file, a receipt (its subject's and the staff's only) included.
    const served = await t.app.inject({ method: "GET", url: file, headers: { "x-rbac-secret-key": SECRET } });
    expect(served.statusCode).toBe(200);
    return sharp(served.rawPayload).metadata();
  };
  const countOf = async (variant: string) =>
    (
      await t.request({
        method: "GET",
        url: `/api/file-storage/files/count?filters[and][0][column]=variant&filters[and][0][method]=eq&filters[and][0][value]=${variant}`,
      })
    ).body.data;

  beforeAll(async () => {
    storage = await localStorage();
    t = await createTestApp({
      dataDir: storage.dataDir,
      fileStorage: storage.settings,
      publicUrl: "https://shop.example.com",
    });
    shop = await catalogue(t);
    page = await create(t, "host/pages", { url: "/", title: "Home" });
    metadata = await create(t, "host/metadata", {
      title: "Northwind Studio — handmade goods",
      opengraph: { siteName: "Northwind" },
    });
    await create(t, "host/pages-to-metadata", { pageId: page.id, metadataId: metadata.id });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it("every page's head names its Open Graph image by absolute address, 1200×630", async () => {
    for (const [path, suffix] of [
      ["/", ""],
      ["/ru", "\\.ru"],
    ]) {
      const html = (await t.app.inject({ method: "GET", url: path! })).body;
      const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
      // The default language's image is {pageId}.png; another language's {pageId}.{language}.png.
      expect(image, path).toMatch(
        new RegExp(`^https://shop\\.example\\.com/public/opengraph/${page.id}${suffix}\\.png\\?v=[0-9a-z]+$`),
      );
      expect(html).toContain('<meta property="og:image:width" content="1200">');
      expect(html).toContain('<meta property="og:image:height" content="630">');
      expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    }
  });

  it("draws a page's Open Graph image once, keeps it as a file record, and draws again only when the title changes", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/" })).body;
    const address = new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!.replace(/&amp;/g, "&"));
    const first = await t.app.inject({ method: "GET", url: `${address.pathname}${address.search}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
    const again = await t.app.inject({ method: "GET", url: address.pathname });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers["cache-control"]).toBe("public, max-age=300");
    const records = (
      await t.request({
        method: "GET",
        url: `/api/file-storage/files?filters[and][0][column]=variant&filters[and][0][method]=eq&filters[and][0][value]=${OG}`,
      })
    ).body.data;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      mimeType: "image/png",
      width: 1200,
      height: 630,
      generatedFrom: `opengraph:${page.id}:${address.searchParams.get("v")}`,
    });

    expect(
      (
        await t.request({
          method: "PATCH",
          url: `/api/host/metadata/${metadata.id}`,
          payload: { data: { title: "Northwind — new season" } },
        })
      ).status,
    ).toBe(200);
    const newHtml = (await t.app.inject({ method: "GET", url: "/" })).body;
    const newAddress = new URL(
      /<meta property="og:image" content="([^"]+)">/.exec(newHtml)![1]!.replace(/&amp;/g, "&"),
    );
    expect(newAddress.searchParams.get("v")).not.toBe(address.searchParams.get("v"));
    const redrawn = await t.app.inject({ method: "GET", url: `${newAddress.pathname}${newAddress.search}` });
    expect(redrawn.rawPayload.equals(first.rawPayload)).toBe(false);
    // The old drawing and its stored file are gone: one image per page.
    expect(await countOf(OG)).toBe(1);
    expect((await t.app.inject({ method: "GET", url: records[0].file })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/public/opengraph/00000000-0000-4000-8000-000000000000.png" }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/public/opengraph/nope.png" })).statusCode).toBe(404);
  });

  it("generate draws an Open Graph image from a title (Latin and Cyrillic), once per content", async () => {
    const made = await generate({ variant: OG, title: "Привет — Hello", siteName: "Studio" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      variant: OG,
      mimeType: "image/png",
      extension: "png",
      width: 1200,
      height: 630,
    });
    expect(await pngOf(made.body.data.file)).toMatchObject({ width: 1200, height: 630 });
    const same = await generate({ variant: OG, title: "Привет — Hello", siteName: "Studio" });
    expect(same.status).toBe(200);
    expect(same.body.data.id).toBe(made.body.data.id);
  });

  it("draws an order's receipt, 1500×1500, from its lines priced exactly, and links it to the order", async () => {
    const ann = await shopper(t, "ann-receipt@example.com");
    const order = await addToCart(ann, shop.shoes.id, 3);
    const data = new ShopImageData(t.app, t.app.shop.orders, "https://shop.example.com");
    const row = (await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data;
    const receipt = await data.receipt(row, "ru");
    expect(receipt).toMatchObject({
      language: "ru",
      siteName: "Northwind",
      status: "new",
      lines: [{ title: "Shoes", quantity: 3, price: "19.99", amount: "59.97" }],
      total: "59.97",
      currency: { code: "USD", symbol: "$" },
    });

    const made = await generate({ variant: RECEIPT, orderId: order.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ variant: RECEIPT, width: 1500, height: 1500, mimeType: "image/png" });
    expect(await pngOf(made.body.data.file)).toMatchObject({ width: 1500, height: 1500 });
    const linked = (await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data;
    expect(linked.receipt).toBe(made.body.data.file);
  });

  // The original client's bodies name the order under its module.
  it.each([
    [
      "{ variant, width, height, ecommerce: { order } }",
      (order: Record<string, any>) => ({ variant: RECEIPT, width: 1500, height: 1500, ecommerce: { order } }),
    ],
    [
      "{ variant, generateData: { ecommerce: { order } } }",
      (order: Record<string, any>) => ({
        variant: RECEIPT,
        width: 1500,
        height: 1500,
        generateData: { ecommerce: { order: { id: order.id } } },
      }),
    ],
  ])("draws an order's receipt from the original client's body %s", async (_shape, body) => {
    const buyer = await shopper(t, `buyer-${Math.random().toString(36).slice(2)}@example.com`);
    const order = await addToCart(buyer, shop.pencil.id, 2);
    const made = await generate(body(order));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ variant: RECEIPT, width: 1500, height: 1500, mimeType: "image/png" });
    expect((await t.request({ method: "GET", url: `/api/ecommerce/orders/${order.id}` })).body.data.receipt).toBe(
      made.body.data.file,
    );
  });

  it("draws a product's attachment and links it to the product once", async () => {
    const made = await generate({ variant: ATTACHMENT, productId: shop.shoes.id, language: "ru" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ variant: ATTACHMENT, width: 1200, height: 1200 });
    await generate({ variant: ATTACHMENT, productId: shop.shoes.id, language: "ru" });
    const links = (
      await t.request({
        method: "GET",
        url: `/api/ecommerce/products-to-file-storage-module-files?filters[and][0][column]=productId&filters[and][0][method]=eq&filters[and][0][value]=${shop.shoes.id}`,
      })
    ).body.data;
    expect(links).toEqual([
      expect.objectContaining({ fileStorageModuleFileId: made.body.data.id, variant: "attachment-default" }),
    ]);
  });

  it.each([
    [{ variant: "nope" }, 400, /^Validation error: \/variant must be one of generate-template-opengraph-image-default/],
    [{}, 400, /^Validation error: variant is required/],
    [{ variant: RECEIPT }, 400, /^Validation error: orderId is required/],
    [{ variant: RECEIPT, orderId: "x" }, 400, /^Validation error: \/orderId must be a uuid/],
    [{ variant: RECEIPT, orderId: "00000000-0000-4000-8000-000000000000" }, 404, /^Not Found error/],
    [{ variant: ATTACHMENT, productId: "00000000-0000-4000-8000-000000000000" }, 404, /^Not Found error/],
    [{ variant: OG }, 400, /^Validation error: pageId or title is required/],
    [{ variant: RECEIPT, ecommerce: { order: { id: "x" } } }, 400, /^Validation error: \/orderId must be a uuid/],
    [
      { variant: RECEIPT, width: -1, ecommerce: { order: { id: "00000000-0000-4000-8000-000000000000" } } },
      400,
      /^Validation error: \/width must be a positive integer/,
    ],
    [{ variant: RECEIPT, generateData: "order" }, 400, /^Validation error: \/generateData must be an object/],
  ])("refuses %j", async (data, status, message) => {
    const response = await generate(data);
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it("is for those who may create files: a visitor gets a 401", async () => {
    expect((await generate({ variant: OG, title: "x" }, null)).status).toBe(401);
  });

  it("draws a Russian page's image from its Russian title, beside the English one", async () => {
    const about = await create(t, "host/pages", { url: "/about", title: { en: "About us", ru: "О нас" } });
    const imageOf = async (path: string) => {
      const html = (await t.app.inject({ method: "GET", url: path })).body;
      const address = new URL(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!.replace(/&amp;/g, "&"));
      const served = await t.app.inject({ method: "GET", url: `${address.pathname}${address.search}` });
      expect(served.statusCode, path).toBe(200);
      return served.rawPayload;
    };
    const english = await imageOf("/about");
    const russian = await imageOf("/ru/about");
    expect(russian.equals(english)).toBe(false);
    const drawn = (
      await t.request({
        method: "GET",
        url: `/api/file-storage/files?filters[and][0][column]=variant&filters[and][0][method]=eq&filters[and][0][value]=${OG}&limit=100`,
      })
    ).body.data as any[];
    const mine = drawn
      .filter((f) => String(f.generatedFrom).includes(about.id))
      .map((f) => [String(f.generatedFrom).split(":")[0], f.adminTitle]);
    expect(mine.sort()).toEqual([
      ["opengraph", expect.stringContaining("About us")],
      ["opengraph-ru", expect.stringContaining("О нас")],
    ]);
    // A language the site does not speak has no image.
    expect((await t.app.inject({ method: "GET", url: `/public/opengraph/${about.id}.xx.png` })).statusCode).toBe(404);
  });
});

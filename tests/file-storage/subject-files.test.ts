import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { addToCart, catalogue, shopper, type Shopper } from "../ecommerce/shop-fixture.js";
import { as, bearer, register, type SignedIn } from "../rbac/helpers.js";
import { localStorage, type StorageUnderTest } from "./helpers.js";

const GENERATE = "/api/file-storage/files/generate";
const FILES = "/api/file-storage/files";
const RECEIPT = "generate-template-ecommerce-order-receipt-default";
const OPENGRAPH = "generate-template-opengraph-image-default";
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const PRIVATE_CACHE = "private, no-store";

// A receipt (an order's number, lines, prices, total, date) is drawn for one subject: only that
// subject and the shop's staff read it, and nobody else finds it listed.
describe(`files made for a subject (receipts) on ${testDialect}`, () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let ann: Shopper;
  let bob: Shopper;
  let staff: SignedIn;
  let receipt: Record<string, any>;
  let annOrderId: string;
  let bobOrderId: string;
  let picture: Record<string, any>;

  type Reader = "visitor" | "another member" | "its subject" | "staff" | "secret key";
  const headersOf = (reader: Reader): Record<string, string> => {
    if (reader === "another member") return bearer(bob.jwt);
    if (reader === "its subject") return bearer(ann.jwt);
    if (reader === "staff") return bearer(staff.jwt);
    return {};
  };
  const call = (reader: Reader, url: string) =>
    reader === "secret key"
      ? t.request({ method: "GET", url })
      : t.request({ method: "GET", url, key: null, headers: headersOf(reader) });
  const serve = (reader: Reader, url: string) =>
    t.app.inject({
      method: "GET",
      url,
      headers: reader === "secret key" ? { "x-rbac-secret-key": "test-secret-key" } : headersOf(reader),
    });

  beforeAll(async () => {
    storage = await localStorage();
    t = await createTestApp({
      dataDir: storage.dataDir,
      fileStorage: storage.settings,
      publicUrl: "https://shop.example.com",
    });
    const shop = await catalogue(t);
    ann = await shopper(t, "ann-private-receipt@example.com");
    bob = await shopper(t, "bob-private-receipt@example.com");
    annOrderId = (await addToCart(ann, shop.shoes.id, 2)).id;
    bobOrderId = (await addToCart(bob, shop.pencil.id, 1)).id;
    const made = await t.request({
      method: "POST",
      url: GENERATE,
      payload: { data: { variant: RECEIPT, orderId: annOrderId } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    receipt = made.body.data;
    picture = (
      await t.request({
        method: "POST",
        url: GENERATE,
        payload: { data: { variant: OPENGRAPH, title: "A public picture" } },
      })
    ).body.data;
    // The shop's staff: a role that reads orders, and nothing of files beyond what visitors read.
    staff = await register(t, "desk-private-receipt@example.com");
    const role = (
      await t.request({
        method: "POST",
        url: "/api/rbac/roles",
        payload: { data: { title: "Order desk", uid: "order-desk-receipts", availableOnRegistration: false } },
      })
    ).body.data;
    const permission = (
      await t.request({
        method: "POST",
        url: "/api/rbac/permissions",
        payload: { data: { method: "GET", path: "/api/ecommerce/orders/**", type: "HTTP" } },
      })
    ).body.data;
    await t.request({
      method: "POST",
      url: "/api/rbac/roles-to-permissions",
      payload: { data: { roleId: role.id, permissionId: permission.id } },
    });
    await t.request({
      method: "POST",
      url: "/api/rbac/subjects-to-roles",
      payload: { data: { subjectId: staff.subjectId, roleId: role.id } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it.each<[Reader, boolean]>([
    ["visitor", false],
    ["another member", false],
    ["its subject", true],
    ["staff", true],
    ["secret key", true],
  ])("%s: the receipt's bytes are served (private, no-store) only to those who may read it", async (reader, reads) => {
    for (const url of [receipt.file, `${receipt.file}?w=640`]) {
      const served = await serve(reader, url);
      expect(served.statusCode, `${reader} ${url}`).toBe(reads ? 200 : 404);
      if (reads) expect(served.headers["cache-control"]).toBe(PRIVATE_CACHE);
      else expect(served.body).toBe("Not found");
    }
    // A public file stays public and cached for good, whoever asks.
    const open = await serve(reader, picture.file);
    expect(open.statusCode).toBe(200);
    expect(open.headers["cache-control"]).toBe(PUBLIC_CACHE);
  });

  it.each<[Reader, boolean]>([
    ["visitor", false],
    ["another member", false],
    ["its subject", false],
    ["staff", true],
    ["secret key", true],
  ])("%s: the files routes list, count and read the receipt only for the shop's staff", async (reader, lists) => {
    const listed = await call(reader, `${FILES}?limit=1000`);
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((f: any) => f.id);
    expect(ids.includes(receipt.id), reader).toBe(lists);
    expect(ids).toContain(picture.id);
    const byVariant = await call(
      reader,
      `${FILES}/count?filters[and][0][column]=variant&filters[and][0][method]=eq&filters[and][0][value]=${RECEIPT}`,
    );
    expect(byVariant.body.data).toBe(lists ? 1 : 0);
    const byFile = await call(
      reader,
      `${FILES}?filters[and][0][column]=file&filters[and][0][method]=eq&filters[and][0][value]=${receipt.file}`,
    );
    expect(byFile.body.data).toHaveLength(lists ? 1 : 0);
    expect((await call(reader, `${FILES}/${receipt.id}`)).status).toBe(lists ? 200 : 404);
  });

  it.each<[string, number, () => string]>([
    ["the order's own mailed token", 200, () => t.app.shop.links.token(annOrderId)],
    ["another order's token", 404, () => t.app.shop.links.token(bobOrderId)],
    ["an expired token", 404, () => t.app.shop.links.token(annOrderId, Date.now() - 365 * 86_400_000)],
    ["a made-up token", 404, () => `9999999999.${"A".repeat(43)}`],
  ])("a visitor holding %s: %i", async (_name, status, token) => {
    const served = await t.app.inject({ method: "GET", url: `${receipt.file}?token=${encodeURIComponent(token())}` });
    expect(served.statusCode).toBe(status);
    if (status === 200) expect(served.headers["cache-control"]).toBe(PRIVATE_CACHE);
  });

  it("the media screen does not list a receipt (as an unused image or at all)", async () => {
    const media = await t.request({ method: "GET", url: "/api/file-storage/media?limit=100" });
    expect(media.status).toBe(200);
    const ids = media.body.data.rows.map((f: any) => f.id);
    expect(ids).toContain(picture.id);
    expect(ids).not.toContain(receipt.id);
    expect(media.body.data.total).toBe(media.body.data.rows.length);
    // A search naming it finds nothing either.
    const found = await t.request({
      method: "GET",
      url: `/api/file-storage/media?search=${encodeURIComponent("Receipt")}`,
    });
    expect(found.body.data).toEqual({ rows: [], total: 0 });
  });

  it("the subject reads its receipt through its own order, as before", async () => {
    const order = await as(t, ann)({ method: "GET", url: `/api/ecommerce/orders/${annOrderId}` });
    expect(order.status).toBe(200);
    expect(order.body.data.receipt).toBe(receipt.file);
  });
});

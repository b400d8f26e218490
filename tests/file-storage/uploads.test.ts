import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { image, localStorage, multipart, s3Storage, type StorageUnderTest } from "./helpers.js";

const upload = (
  t: TestApp,
  data: unknown,
  file: { name: string; type: string; bytes: Buffer },
  url = "/api/file-storage/files",
  method: "POST" | "PATCH" = "POST",
) => multipart(data, { file }).then((body) => t.request({ method, url, ...body }));

/** The same behaviour on both storage drivers: local disk and a real S3-compatible server on loopback. */
describe.each([
  ["local disk", localStorage],
  ["S3 (s3rver on 127.0.0.1)", s3Storage],
] as const)(`file uploads on ${testDialect}, stored on %s`, (_name, makeStorage) => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let png: Buffer;
  beforeAll(async () => {
    storage = await makeStorage({ maxBytes: 200_000 });
    t = await createTestApp({ dataDir: storage.dataDir, fileStorage: storage.settings });
    png = await image(1000, 500);
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it("stores a file part, fills path, size, type, extension, width and height from the bytes, and serves it publicly", async () => {
    const created = await upload(t, { alt: { en: "a banner" } }, { name: "Banner.PNG", type: "image/png", bytes: png });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = created.body.data;
    expect(record.file).toMatch(/^\/public\/files\/[0-9a-f-]{36}\.png$/);
    expect(record).toMatchObject({
      alt: { en: "a banner" },
      size: png.length,
      mimeType: "image/png",
      extension: "png",
      width: 1000,
      height: 500,
    });
    const served = await t.app.inject({ method: "GET", url: record.file });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    [
      "a PNG named .txt and sent as text/plain",
      "notes.txt",
      "text/plain",
      () => image(40, 30),
      { mimeType: "image/png", extension: "png", width: 40, height: 30 },
    ],
    [
      "a JPEG with no name extension",
      "photo",
      "application/octet-stream",
      () => image(64, 48, "jpeg"),
      { mimeType: "image/jpeg", extension: "jpg", width: 64, height: 48 },
    ],
    [
      "text named .png and sent as image/png",
      "evil.png",
      "image/png",
      async () => Buffer.from("just words, not a picture\n"),
      { mimeType: "text/plain", extension: "txt" },
    ],
    [
      "an HTML page named .html",
      "page.html",
      "text/html",
      async () => Buffer.from("<!doctype html><script>alert(1)</script>"),
      { mimeType: "text/plain", extension: "txt" },
    ],
    [
      "CSV keeps its kind of text",
      "prices.csv",
      "text/csv",
      async () => Buffer.from("sku,price\na,1.00\n"),
      { mimeType: "text/csv", extension: "csv" },
    ],
    [
      "an SVG drawing",
      "logo.bin",
      "application/octet-stream",
      async () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80"/></svg>',
        ),
      { mimeType: "image/svg+xml", extension: "svg", width: 120, height: 80 },
    ],
    [
      "unknown binary",
      "blob.exe",
      "application/x-msdownload",
      async () => Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]),
      { mimeType: "application/octet-stream" },
    ],
  ])("sniffs the type from the bytes: %s", async (_case, name, type, bytes, expected) => {
    const created = await upload(t, {}, { name, type, bytes: await bytes() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject(expected);
    if (!("extension" in expected)) expect(created.body.data.file).toMatch(/\/[0-9a-f-]{36}$/);
  });

  it("refuses an image sharp cannot read, and a file over UPLOAD_MAX_BYTES (413), leaving nothing stored", async () => {
    const before = await storage.keys();
    const broken = await upload(
      t,
      {},
      { name: "x.png", type: "image/png", bytes: Buffer.concat([png.subarray(0, 60)]) },
    );
    expect(broken.status, JSON.stringify(broken.body)).toBe(400);
    expect(broken.body.message).toMatch(/^Validation error: \/file is not a readable PNG image/);
    const big = await upload(
      t,
      {},
      { name: "big.bin", type: "application/octet-stream", bytes: Buffer.alloc(200_001, 7) },
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/^Payload Too Large error/);
    // Stored first, then the record fails (alt must be a language map).
    const invalid = await upload(t, { alt: 5 }, { name: "x.png", type: "image/png", bytes: png });
    expect(invalid.status).toBe(400);
    expect(await storage.keys()).toEqual(before);
  });

  it("serves images in the fixed widths (?w=), made once and kept in storage, never enlarged", async () => {
    const { body } = await upload(t, {}, { name: "wide.png", type: "image/png", bytes: png });
    const key = body.data.file.split("/").pop();
    for (const [w, expected] of [
      [320, 320],
      [640, 640],
      [1280, 1000],
    ] as const) {
      const resized = await t.app.inject({ method: "GET", url: `${body.data.file}?w=${w}` });
      expect(resized.statusCode).toBe(200);
      expect(resized.headers["content-type"]).toBe("image/png");
      expect((await sharp(resized.rawPayload).metadata()).width).toBe(expected);
      expect(await storage.keys()).toContain(`w${w}/${key}`);
      const again = await t.app.inject({ method: "GET", url: `${body.data.file}?w=${w}` });
      expect(again.rawPayload.equals(resized.rawPayload)).toBe(true);
    }
    const odd = await t.app.inject({ method: "GET", url: `${body.data.file}?w=333` });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/^Validation error: \/w must be one of 320, 640/);
    // A file that is not a raster image comes as it is.
    const text = await upload(t, {}, { name: "a.txt", type: "text/plain", bytes: Buffer.from("plain") });
    expect((await t.app.inject({ method: "GET", url: `${text.body.data.file}?w=320` })).body).toBe("plain");
  });

  it("a browser's PATCH of a file record (its answer compressed) keeps the file and answers 200", async () => {
    const created = await upload(t, {}, { name: "keep.png", type: "image/png", bytes: png });
    const key = created.body.data.file.split("/").pop();
    const patched = await t.request({
      method: "PATCH",
      url: `/api/file-storage/files/${created.body.data.id}`,
      headers: { "accept-encoding": "br, gzip" },
      payload: {
        data: {
          alt: {
            en: "A long enough alt text to make the answer worth compressing",
            ru: "Достаточно длинный текст, чтобы ответ сжимался",
          },
        },
      },
    });
    expect(patched.status).toBe(200);
    expect(await storage.keys()).toEqual(expect.arrayContaining([key]));
  });

  it("deleting a record, or giving it another file, removes the stored file and its resized copies", async () => {
    const first = await upload(t, {}, { name: "a.png", type: "image/png", bytes: png });
    const firstKey = first.body.data.file.split("/").pop();
    await t.app.inject({ method: "GET", url: `${first.body.data.file}?w=320` });
    expect(await storage.keys()).toEqual(expect.arrayContaining([firstKey, `w320/${firstKey}`]));

    const replaced = await upload(
      t,
      { alt: { en: "second" } },
      { name: "b.jpg", type: "image/jpeg", bytes: await image(30, 20, "jpeg") },
      `/api/file-storage/files/${first.body.data.id}`,
      "PATCH",
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data).toMatchObject({ alt: { en: "second" }, extension: "jpg", width: 30, height: 20 });
    expect((await t.app.inject({ method: "GET", url: first.body.data.file })).statusCode).toBe(404);
    expect(await storage.keys()).not.toEqual(expect.arrayContaining([firstKey]));
    expect((await storage.keys()).filter((k) => k.endsWith(firstKey))).toEqual([]);

    // A PATCH pointing the record elsewhere removes the file it had.
    const secondFile = replaced.body.data.file;
    const repointed = await t.request({
      method: "PATCH",
      url: `/api/file-storage/files/${first.body.data.id}`,
      payload: { data: { file: "https://cdn.example.com/x.png" } },
    });
    expect(repointed.status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: secondFile })).statusCode).toBe(404);

    const third = await upload(t, {}, { name: "c.png", type: "image/png", bytes: png });
    const twin = await t.request({
      method: "POST",
      url: "/api/file-storage/files",
      payload: { data: { file: third.body.data.file } },
    });
    expect(twin.status).toBe(201);
    // Another record still names it: deleting one keeps the bytes.
    expect((await t.request({ method: "DELETE", url: `/api/file-storage/files/${third.body.data.id}` })).status).toBe(
      200,
    );
    expect((await t.app.inject({ method: "GET", url: third.body.data.file })).statusCode).toBe(200);
    expect((await t.request({ method: "DELETE", url: `/api/file-storage/files/${twin.body.data.id}` })).status).toBe(
      200,
    );
    expect((await t.app.inject({ method: "GET", url: third.body.data.file })).statusCode).toBe(404);
    // A failed PATCH (bad value) removes nothing.
    const kept = await upload(t, {}, { name: "d.png", type: "image/png", bytes: png });
    const bad = await t.request({
      method: "PATCH",
      url: `/api/file-storage/files/${kept.body.data.id}`,
      payload: { data: { file: "/x", width: "wide" } },
    });
    expect(bad.status).toBe(400);
    expect((await t.app.inject({ method: "GET", url: kept.body.data.file })).statusCode).toBe(200);
  });

  it("keeps refusing file parts on other routes and fields, and anonymous uploads", async () => {
    const part = { name: "x.png", type: "image/png", bytes: png };
    expect(
      (await t.request({ method: "POST", url: "/api/ecommerce/products", ...(await multipart({}, { file: part })) }))
        .status,
    ).toBe(400);
    expect(
      (await t.request({ method: "POST", url: "/api/file-storage/files", ...(await multipart({}, { alt: part })) }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/file-storage/files/bulk",
          ...(await multipart([{}], { file: part })),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/file-storage/files",
          key: null,
          ...(await multipart({}, { file: part })),
        })
      ).status,
    ).toBe(401);
  });

  it("serves nothing that is not a stored key", async () => {
    for (const url of [
      "/public/files/../pglite",
      "/public/files/%2e%2e%2fpglite",
      "/public/files/..%2f..%2fetc%2fpasswd",
      "/public/files/missing.png",
      "/public/files/00000000-0000-4000-8000-000000000000.png",
      "/public/files/w320/x",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

it("FILE_STORAGE=s3 needs a bucket; an unknown driver is refused", () => {
  expect(() => configFromEnv({ FILE_STORAGE: "s3" })).toThrow(/S3_BUCKET/);
  expect(() => configFromEnv({ FILE_STORAGE: "ftp" })).toThrow(/local or s3/);
  expect(
    configFromEnv({ FILE_STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "http://127.0.0.1:9000" }).fileStorage.s3,
  ).toMatchObject({ bucket: "b", forcePathStyle: true, region: "us-east-1" });
});

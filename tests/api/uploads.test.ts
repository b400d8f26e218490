import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";

/** A multipart body with a `data` JSON part and named file parts, as a browser's FormData sends it. */
async function multipart(data: unknown, files: Record<string, { name: string; type: string; bytes: Buffer }>) {
  const form = new FormData();
  if (data !== undefined) form.append("data", JSON.stringify(data));
  for (const [field, file] of Object.entries(files)) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request("http://x/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe(`file uploads on ${testDialect}`, () => {
  let t: TestApp;
  let dataDir: string;
  const uploads = () => readdirSync(join(dataDir, "uploads"));
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "uploads-"));
    t = await createTestApp({ dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores a file part of a files create, fills path, size, type and extension, and serves it", async () => {
    const body = await multipart({ alt: "a pixel" }, { file: { name: "Pixel.PNG", type: "image/png", bytes: PNG } });
    const created = await t.request({ method: "POST", url: "/api/file-storage/files", ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = created.body.data;
    expect(record.file).toMatch(/^\/public\/files\/[0-9a-f-]{36}\.png$/);
    expect(record).toMatchObject({ alt: "a pixel", size: PNG.length, mimeType: "image/png", extension: "png" });

    // Public: no key, no session.
    const served = await t.app.inject({ method: "GET", url: record.file });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("replaces the file on a multipart update", async () => {
    const first = await t.request({ method: "POST", url: "/api/file-storage/files", ...(await multipart({}, { file: { name: "a.txt", type: "text/plain", bytes: Buffer.from("one") } })) });
    expect(first.status).toBe(201);
    const update = await multipart({ alt: "second" }, { file: { name: "b.txt", type: "text/plain", bytes: Buffer.from("second!") } });
    const updated = await t.request({ method: "PATCH", url: `/api/file-storage/files/${first.body.data.id}`, ...update });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ alt: "second", size: 7, extension: "txt", mimeType: "text/plain" });
    expect(updated.body.data.file).not.toBe(first.body.data.file);
    const served = await t.app.inject({ method: "GET", url: updated.body.data.file });
    expect(served.body).toBe("second!");
  });

  it("keeps refusing file parts on other routes and fields, and removes files of failed requests", async () => {
    const before = uploads().length;
    const onOtherModel = await t.request({ method: "POST", url: "/api/ecommerce/products", ...(await multipart({}, { file: { name: "x.png", type: "image/png", bytes: PNG } })) });
    expect(onOtherModel.status).toBe(400);
    const onOtherField = await t.request({ method: "POST", url: "/api/file-storage/files", ...(await multipart({}, { alt: { name: "x.png", type: "image/png", bytes: PNG } })) });
    expect(onOtherField.status).toBe(400);
    const onBulk = await t.request({ method: "POST", url: "/api/file-storage/files/bulk", ...(await multipart([{}], { file: { name: "x.png", type: "image/png", bytes: PNG } })) });
    expect(onBulk.status).toBe(400);
    // The file is stored first, then the record fails (width must be an integer): nothing stays on disk.
    const invalid = await t.request({ method: "POST", url: "/api/file-storage/files", ...(await multipart({ width: "wide" }, { file: { name: "x.png", type: "image/png", bytes: PNG } })) });
    expect(invalid.status).toBe(400);
    expect(uploads().length).toBe(before);
  });

  it("honours the authorization hook: an anonymous upload is a 401", async () => {
    const body = await multipart({}, { file: { name: "x.png", type: "image/png", bytes: PNG } });
    const response = await t.request({ method: "POST", url: "/api/file-storage/files", key: null, ...body });
    expect(response.status).toBe(401);
    expect(SECRET).toBeTruthy();
  });

  it("serves nothing outside the uploads folder", async () => {
    for (const url of ["/public/files/../pglite", "/public/files/%2e%2e%2fpglite", "/public/files/..%2f..%2fetc%2fpasswd", "/public/files/missing.png"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

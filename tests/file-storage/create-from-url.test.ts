import { createServer, type Server } from "node:http";
import net, { isIP } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemoteFile } from "../../server/modules/file-storage/url-fetch/fetch-remote-file.js";
import { parseAllowList } from "../../server/modules/file-storage/url-fetch/ssrf-guard.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { image, localStorage, type StorageUnderTest } from "./helpers.js";

/**
 * Tripwire: this file must never open a connection outside the loopback range, even if the guard
 * under test were broken. A connect to any other literal address throws instead of sending.
 */
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: any[]) {
  const options =
    typeof args[0] === "object" && args[0] !== null && !Array.isArray(args[0])
      ? args[0]
      : { port: args[0], host: args[1] };
  const host = String(options.host ?? "").replace(/^\[|\]$/g, "");
  if (isIP(host) && !/^127\./.test(host) && host !== "::1" && !options.path)
    throw new Error(`test tripwire: refused to connect to ${host}`);
  return (connect as any).apply(this, args);
} as any;

// The loopback test server listens on 127.0.0.2, the only address on the allow-list: 127.0.0.1
// and every other loopback address stay refused, so one app shows both sides.
const ALLOWED = "127.0.0.2";

describe(`create-from-url on ${testDialect}`, () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let server: Server;
  let base: string;
  let png: Buffer;
  const hits: string[] = [];

  beforeAll(async () => {
    png = await image(800, 400);
    server = createServer((request, response) => {
      hits.push(request.url!);
      const url = new URL(request.url!, "http://x");
      if (url.pathname === "/img/banner.png") return response.writeHead(200, { "content-type": "text/html" }).end(png);
      if (url.pathname === "/named")
        return response
          .writeHead(200, { "content-disposition": 'attachment; filename="Price list.csv"' })
          .end("sku,price\n");
      if (url.pathname === "/go") return response.writeHead(302, { location: "/img/banner.png" }).end();
      if (url.pathname === "/to") return response.writeHead(302, { location: url.searchParams.get("u")! }).end();
      if (url.pathname === "/loop") return response.writeHead(302, { location: "/loop" }).end();
      if (url.pathname === "/big") return response.writeHead(200).end(Buffer.alloc(300_000, 1));
      if (url.pathname === "/big-chunked") {
        response.writeHead(200);
        for (let i = 0; i < 30; i++) response.write(Buffer.alloc(10_000, 1));
        return response.end();
      }
      if (url.pathname === "/slow") return void setTimeout(() => response.end("late"), 3000);
      response.writeHead(404).end("no");
    });
    await new Promise<void>((resolve) => server.listen(0, ALLOWED, resolve));
    base = `http://${ALLOWED}:${(server.address() as AddressInfo).port}`;
    storage = await localStorage({ maxBytes: 200_000, fetchAllowedAddresses: [ALLOWED], fetchTimeoutMs: 1500 });
    t = await createTestApp({ dataDir: storage.dataDir, fileStorage: storage.settings });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const fromUrl = (url: unknown, extra: Record<string, unknown> = {}, key?: string | null) =>
    t.request({
      method: "POST",
      url: "/api/file-storage/files/create-from-url",
      payload: { data: { url, ...extra } },
      ...(key === undefined ? {} : { key }),
    });

  it("fetches an allow-listed loopback server's file, sniffs and measures it, and stores it as a file record", async () => {
    const created = await fromUrl(`${base}/img/banner.png`, { alt: { en: "Banner" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      alt: { en: "Banner" },
      adminTitle: "banner.png",
      mimeType: "image/png",
      extension: "png",
      width: 800,
      height: 400,
      size: png.length,
    });
    const served = await t.app.inject({ method: "GET", url: created.body.data.file });
    expect(served.rawPayload.equals(png)).toBe(true);
    // Redirects on the allowed host are followed; the name comes from Content-Disposition when given.
    expect((await fromUrl(`${base}/go`)).body.data).toMatchObject({ mimeType: "image/png", width: 800 });
    expect((await fromUrl(`${base}/named`)).body.data).toMatchObject({
      adminTitle: "Price list.csv",
      mimeType: "text/csv",
      extension: "csv",
    });
  });

  it("needs a url and the right to create files", async () => {
    expect(
      (await t.request({ method: "POST", url: "/api/file-storage/files/create-from-url", payload: { data: {} } })).body
        .message,
    ).toBe("Validation error: url is required");
    expect((await fromUrl(`${base}/img/banner.png`, {}, null)).status).toBe(401);
  });

  // At least 30 hostile addresses, each a 400 that says why; none reaches a socket.
  it.each([
    ["http://127.0.0.1/", /127\.0\.0\.1 is a loopback address/],
    ["http://127.0.0.1:1/admin", /loopback/],
    ["http://127.1/", /127\.0\.0\.1 is a loopback address/],
    ["http://2130706433/", /127\.0\.0\.1 is a loopback address/],
    ["http://0x7f000001/", /127\.0\.0\.1 is a loopback address/],
    ["http://0177.0.0.1/", /127\.0\.0\.1 is a loopback address/],
    ["http://0x7f.0x0.0x0.0x1/", /127\.0\.0\.1 is a loopback address/],
    ["http://017700000001/", /127\.0\.0\.1 is a loopback address/],
    ["http://127.000.000.001/", /loopback|not a URL/],
    ["http://localhost/", /resolves to 127\.0\.0\.1 is a loopback address/],
    ["http://LOCALHOST./", /loopback|could not be resolved/],
    ["http://0.0.0.0/", /0\.0\.0\.0 is a unspecified address/],
    ["http://0/", /0\.0\.0\.0 is a unspecified address/],
    ["http://[::]/", /:: is a unspecified address/],
    ["http://[::1]/", /::1 is a loopback address/],
    ["http://[::ffff:127.0.0.1]/", /127\.0\.0\.1 is a loopback address/],
    ["http://[::ffff:a9fe:a9fe]/latest/meta-data/", /169\.254\.169\.254 is a linkLocal address/],
    ["http://[::127.0.0.1]/", /reserved address/],
    ["http://[64:ff9b::7f00:1]/", /rfc6052 address/],
    ["http://[2002:7f00:1::]/", /6to4 address/],
    ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", /teredo address/],
    ["http://10.0.0.1/", /10\.0\.0\.1 is a private address/],
    ["http://172.16.5.4/", /private address/],
    ["http://192.168.1.1/router", /private address/],
    ["http://169.254.169.254/latest/meta-data/iam/security-credentials/", /169\.254\.169\.254 is a linkLocal address/],
    ["http://[fd00:ec2::254]/latest/meta-data/", /uniqueLocal address/],
    ["http://100.100.100.200/latest/meta-data/", /carrierGradeNat address/],
    ["http://[fe80::1]/", /linkLocal address/],
    ["http://[fc00::1]/", /uniqueLocal address/],
    ["http://224.0.0.1/", /multicast address/],
    ["http://255.255.255.255/", /broadcast address/],
    ["http://198.18.0.1/", /reserved address/],
    ["http://192.0.2.10/", /reserved address/],
    ["https://127.0.0.1:443/", /loopback/],
    ["HTTP://127.0.0.1/", /loopback/],
    ["http://user:pass@example.com/", /must not carry a user name or password/],
    ["file:///etc/passwd", /uses file: only http and https are fetched/],
    ["ftp://example.com/file.png", /uses ftp: only http and https/],
    ["gopher://127.0.0.1:70/_GET", /uses gopher: only http and https/],
    ["data:image/png;base64,iVBORw0KGgo=", /uses data: only http and https/],
    ["javascript:alert(1)", /uses javascript: only http and https/],
    ["dict://127.0.0.1:11211/stats", /uses dict:/],
    ["//127.0.0.1/", /is not a URL/],
    ["not a url", /is not a URL/],
    [42, /must be an http or https URL/],
    [`http://${ALLOWED}:1/`.replace(ALLOWED, "127.0.0.3"), /127\.0\.0\.3 is a loopback address/],
  ])("refuses %s with a 400", async (url, message) => {
    const response = await fromUrl(url);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toMatch(/^Validation error: \/url /);
    expect(response.body.message).toMatch(message);
    expect(response.body.cause[0].path).toBe("/url");
  });

  it.each([
    ["to loopback outside the allow-list", "http://127.0.0.1/", /loopback/],
    ["to the metadata service", "http://169.254.169.254/latest/meta-data/", /linkLocal/],
    ["to an IPv4-mapped metadata address", "http://[::ffff:169.254.169.254]/", /linkLocal/],
    ["to a file: URL", "file:///etc/passwd", /uses file:/],
    ["to localhost by name", "http://localhost:1/", /resolves to 127\.0\.0\.1/],
  ])("checks every redirect again: a redirect %s is a 400", async (_case, target, message) => {
    const response = await fromUrl(`${base}/to?u=${encodeURIComponent(target)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it("caps redirects, size and time, and stores nothing when it gives up", async () => {
    const before = await storage.keys();
    const loop = await fromUrl(`${base}/loop`);
    expect(loop.status).toBe(502);
    expect(loop.body.message).toMatch(/^Remote file error: more than 5 redirects/);
    for (const path of ["/big", "/big-chunked"]) {
      const big = await fromUrl(`${base}${path}`);
      expect(big.status, path).toBe(413);
      expect(big.body.message).toMatch(/^Payload Too Large error: \/url is larger than the upload limit/);
    }
    const slow = await fromUrl(`${base}/slow`);
    expect(slow.status).toBe(504);
    expect(slow.body.message).toBe("Remote file error: the remote server took too long");
    const missing = await fromUrl(`${base}/nothing-here`);
    expect(missing.status).toBe(502);
    expect(missing.body.message).toMatch(/answered 404$/);
    // The record fails after the fetch (alt must be a language map): the stored bytes are removed.
    const invalid = await fromUrl(`${base}/img/banner.png`, { alt: 5 });
    expect(invalid.status).toBe(400);
    expect(await storage.keys()).toEqual(before);
  });
});

describe("create-from-url's DNS checks (a resolver standing in for DNS, the HTTP server real)", () => {
  let server: Server;
  let port: number;
  const allowList = parseAllowList([ALLOWED]);
  beforeAll(async () => {
    server = createServer((_request, response) => response.end("served"));
    await new Promise<void>((resolve) => server.listen(0, ALLOWED, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const names: Record<string, { address: string; family: number }[]> = {
    "files.example": [{ address: ALLOWED, family: 4 }],
    "rebind.example": [
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ],
    "metadata.google.internal": [{ address: "169.254.169.254", family: 4 }],
    "mapped.example": [{ address: "::ffff:10.0.0.8", family: 6 }],
    "v6-private.example": [{ address: "fd12:3456::1", family: 6 }],
  };
  const resolver = async (name: string) => {
    if (!names[name]) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return names[name]!;
  };
  const fetchIt = (host: string) =>
    fetchRemoteFile(`http://${host}:${port}/f.txt`, { allowList, maxBytes: 1000, timeoutMs: 2000, resolver });

  it("connects to the address it checked", async () => {
    expect((await fetchIt("files.example")).bytes.toString()).toBe("served");
  });

  it.each([
    ["rebind.example", /127\.0\.0\.1 is a loopback address/],
    ["metadata.google.internal", /169\.254\.169\.254 is a linkLocal address/],
    ["mapped.example", /10\.0\.0\.8 is a private address/],
    ["v6-private.example", /uniqueLocal address/],
    ["nowhere.example", /could not be resolved \(ENOTFOUND\)/],
  ])("refuses %s: every address of a name is checked", async (host, message) => {
    await expect(fetchIt(host)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(message) });
  });
});

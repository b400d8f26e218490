import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWebIfChanged } from "../../scripts/build-web.js";
import { HtmlCache } from "../../server/site/html-cache.js";
import { negotiateEncoding } from "../../server/delivery/compression.js";
import { entryAssets } from "../../server/delivery/web-dist.js";
import { webDist } from "../../app/web-layer.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { buildPage } from "./fixtures.js";
import { decoded, listen, rawGet, varyOf } from "./helpers/raw-http.js";

describe(`compressed answers over real HTTP on ${testDialect}`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    // The bundles and their .br/.gz copies, as `npm run build:web` leaves them (skipped when up to date).
    await buildWebIfChanged(() => {});
    t = await createTestApp();
    await buildPage(t, "/", 5, "Home of compression");
    origin = await listen(t.app);
  });
  afterAll(() => t.close());

  it("chooses brotli, then gzip, then none by Accept-Encoding and its q-values", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.4, br;q=0.8")).toBe("br");
    expect(negotiateEncoding("br;q=0.2, gzip;q=0.9")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
  });

  it("sends a page as brotli, gzip or plain as asked, the same HTML each way, with Vary", async () => {
    const plain = await rawGet(`${origin}/`);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString();
    expect(html).toContain("<title>Home of compression</title>");
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const answer = await rawGet(`${origin}/`, { "accept-encoding": accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(decoded(answer).toString(), accept).toBe(html);
      expect(varyOf(answer), accept).toContain("accept-encoding");
      if (encoding) expect(answer.body.length, accept).toBeLessThan(plain.body.length / 3);
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.body.length);
    }
    expect(varyOf(plain)).toContain("accept-encoding");
  });

  it("keeps a cached page compressed: each encoding made once, when first asked for, then sent as stored", async () => {
    const first = await rawGet(`${origin}/ru`, { "accept-encoding": "br" });
    expect(first.headers["x-cache"]).toBe("MISS");
    const entry = t.app.site.pages.cache.get(HtmlCache.key("ru", "/"))!;
    expect(entry).toBeDefined();
    // The render's own answer compressed only the encoding it was asked for.
    expect(first.body.equals(entry.encoded.br!)).toBe(true);
    expect(brotliDecompressSync(entry.encoded.br!).equals(entry.html)).toBe(true);
    expect(entry.encoded.gzip).toBeUndefined();
    const br = await rawGet(`${origin}/ru`, { "accept-encoding": "br" });
    expect(br.headers["x-cache"]).toBe("HIT");
    expect(br.body.equals(entry.encoded.br!)).toBe(true);
    // Two visitors asking for gzip at once: both get the copy kept with the page.
    const [gzip, again] = await Promise.all([
      rawGet(`${origin}/ru`, { "accept-encoding": "gzip" }),
      rawGet(`${origin}/ru`, { "accept-encoding": "gzip" }),
    ]);
    expect(gzip.headers["x-cache"]).toBe("HIT");
    expect(gunzipSync(entry.encoded.gzip!).equals(entry.html)).toBe(true);
    expect(gzip.body.equals(entry.encoded.gzip!)).toBe(true);
    expect(again.body.equals(entry.encoded.gzip!)).toBe(true);
    expect(t.app.site.pages.cache.get(HtmlCache.key("ru", "/"))).toBe(entry);
  });

  it("compresses API answers (JSON) on the fly and leaves small ones as they are", async () => {
    const plain = await rawGet(`${origin}/api/openapi.json`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"] as const) {
      const answer = await rawGet(`${origin}/api/openapi.json`, { "accept-encoding": encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/application\/json/);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(varyOf(answer)).toContain("accept-encoding");
      expect(JSON.parse(decoded(answer).toString())).toEqual(JSON.parse(plain.body.toString()));
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
    }
    const small = await rawGet(`${origin}/api/health`, { "accept-encoding": "br" });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(256);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("writes a .br and a .gz beside every built script and style sheet at build time", () => {
    const assets = join(webDist, "assets");
    const built = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
    expect(built.length).toBeGreaterThan(0);
    for (const name of built) {
      const original = readFileSync(join(assets, name));
      expect(brotliDecompressSync(readFileSync(join(assets, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(readFileSync(join(assets, `${name}.gz`))).equals(original), name).toBe(true);
    }
  });

  it("serves built files from their compressed copies, hashed ones immutable for a year", async () => {
    const { scripts, styles } = entryAssets(webDist, "site/entry-client.tsx");
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of [...scripts, ...styles]) {
      const file = join(webDist, path.replace(/^\/static\//, ""));
      const original = readFileSync(file);
      for (const [encoding, suffix] of [
        ["br", ".br"],
        ["gzip", ".gz"],
      ] as const) {
        const answer = await rawGet(`${origin}${path}`, { "accept-encoding": encoding });
        expect(answer.status, path).toBe(200);
        expect(answer.headers["content-encoding"], path).toBe(encoding);
        // The file written at build time, byte for byte: nothing compressed per request.
        expect(answer.body.equals(readFileSync(file + suffix)), path).toBe(true);
        expect(decoded(answer).equals(original), path).toBe(true);
        expect(varyOf(answer)).toContain("accept-encoding");
        expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        // nosniff applies to scripts and styles; the document's policies (CSP, framing,
        // referrer, opener) would only add bytes to each of a page's many asset answers.
        expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
        for (const name of [
          "content-security-policy",
          "x-frame-options",
          "referrer-policy",
          "cross-origin-opener-policy",
        ])
          expect(answer.headers[name], `${path} ${name}`).toBeUndefined();
      }
      const plain = await rawGet(`${origin}${path}`);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
      expect(plain.headers["content-type"]).toMatch(path.endsWith(".js") ? /text\/javascript/ : /text\/css/);
    }
  });

  it("gives unhashed built files a short cache", async () => {
    const answer = await rawGet(`${origin}/static/.vite/manifest.json`, { "accept-encoding": "gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=300");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(JSON.parse(decoded(answer).toString())).toHaveProperty(["site/entry-client.tsx"]);
  });
});

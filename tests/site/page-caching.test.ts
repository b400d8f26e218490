import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangeFeed } from "../../engine/query/change-feed.js";
import { HtmlCache, PAGE_MAX_AGE_SECONDS, type CachedPage } from "../../server/site/html-cache.js";
import { publicPageCacheControl } from "../../server/site/page-caching.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { signIn } from "../rbac/helpers.js";
import { buildPage } from "./fixtures.js";
import { listen, rawGet } from "./helpers/raw-http.js";

/** The directives of a Cache-Control header: { public: true, "s-maxage": "60", … }. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [k, v] = d.split("=");
        return [k!.toLowerCase(), v ?? true];
      }),
  );

describe(`page validators and cache headers for crowds on ${testDialect}`, () => {
  let t: TestApp;
  let origin: string;
  let jwt: string;

  beforeAll(async () => {
    t = await createTestApp({
      adminEmail: "admin@example.com",
      adminPassword: "admin password",
      pageSharedMaxAgeSeconds: 60,
    });
    jwt = (await signIn(t, "admin@example.com", "admin password")).jwt;
    await buildPage(t, "/", 3, "Home of validators");
    await buildPage(t, "/blog", 1, "Blog of validators");
    origin = await listen(t.app);
  });
  afterAll(() => t.close());

  it("gives a page an ETag and answers 304, with no body, while it still matches", async () => {
    const first = await rawGet(`${origin}/blog`);
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    // The same validator whatever the encoding: it names the HTML, not the bytes on the wire.
    expect((await rawGet(`${origin}/blog`, { "accept-encoding": "br" })).headers.etag).toBe(etag);
    const again = await rawGet(`${origin}/blog`, { "if-none-match": etag, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(directives(again.headers["cache-control"])).toHaveProperty("s-maxage");
    expect((await rawGet(`${origin}/blog`, { "if-none-match": `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await rawGet(`${origin}/blog`, { "if-none-match": '"something-else"' })).status).toBe(200);
    // Another language is another document.
    expect((await rawGet(`${origin}/ru/blog`)).headers.etag).not.toBe(etag);
  });

  it("changes the ETag when the page's data changes: the old one gets the new page", async () => {
    const before = await rawGet(`${origin}/`);
    const metadata = (await t.request({ method: "GET", url: "/api/host/metadata?limit=100" })).body.data.find(
      (m: any) => m.title === "Home of validators",
    );
    expect(
      (
        await t.request({
          method: "PATCH",
          url: `/api/host/metadata/${metadata.id}`,
          payload: { data: { title: "Home, edited" } },
        })
      ).status,
    ).toBe(200);
    const after = await rawGet(`${origin}/`, { "if-none-match": before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.body.toString()).toContain("<title>Home, edited</title>");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("lets a CDN keep a public page briefly and serve it stale while asking again, within the page's life", async () => {
    const answer = await rawGet(`${origin}/blog`);
    const cc = directives(answer.headers["cache-control"]);
    expect(cc.public).toBe(true);
    expect(cc["max-age"]).toBe("0");
    expect(cc["s-maxage"]).toBe("60");
    const stale = Number(cc["stale-while-revalidate"]);
    expect(stale).toBeGreaterThan(0);
    expect(60 + stale).toBeLessThanOrEqual(PAGE_MAX_AGE_SECONDS);
    expect(cc.private).toBeUndefined();
  });

  it("marks a signed-in visitor's page private and not to be stored, by cookie or by bearer", async () => {
    for (const headers of [{ cookie: `rbac.subject.jwt=${jwt}` }, { authorization: `Bearer ${jwt}` }] as Record<
      string,
      string
    >[]) {
      const answer = await rawGet(`${origin}/blog`, headers);
      expect(answer.status).toBe(200);
      const cc = directives(answer.headers["cache-control"]);
      expect(cc.private).toBe(true);
      expect(cc["no-store"]).toBe(true);
      expect(cc.public).toBeUndefined();
      expect(cc["s-maxage"]).toBeUndefined();
      // The HTML is the public one: nothing of the visitor is in it (loaded after hydration).
      expect(answer.body.toString()).not.toContain(jwt);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(directives((await rawGet(`${origin}/blog`)).headers["cache-control"]).public).toBe(true);
  });

  it("never lets a shared cache keep an error or a page made for one answer", async () => {
    const missing = await rawGet(`${origin}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
  });

  // The hosted /404 page was once sent like a page, `public, s-maxage=60`, so
  // a CDN kept a not-found answer for an address that a page may take a moment later.
  it.each(["/no/such/page", "/ru/no/such/page", "/blog/nothing-here", "/ru/blog/nothing-here"])(
    "sends the hosted /404 page for %s as no-store, with no validator",
    async (path) => {
      if (!(await t.app.site.hostPages.resolve("/404"))) await buildPage(t, "/404", 1, "Lost in caching tests");
      for (const headers of [{}, { "accept-encoding": "br" }, { cookie: `rbac.subject.jwt=${jwt}` }] as Record<
        string,
        string
      >[]) {
        const missing = await rawGet(`${origin}${path}`, headers);
        expect(missing.status).toBe(404);
        expect(missing.body.length).toBeGreaterThan(0);
        expect(missing.headers["cache-control"]).toBe("no-store");
        expect(missing.headers.etag).toBeUndefined();
      }
      const body = (await rawGet(`${origin}${path}`)).body.toString();
      expect(body).toContain("Lost in caching tests");
      expect(body).toContain(path.startsWith("/ru/") ? 'lang="ru"' : 'lang="en"');
    },
  );

  it("counts a compressed copy made after a page was kept in the cache's bytes, dropping the oldest pages when over", () => {
    const cache = new HtmlCache(new ChangeFeed(), [], { entries: 10, bytes: 100, maxAgeMs: 60_000 });
    const page = (): CachedPage => ({
      html: Buffer.alloc(40),
      encoded: {},
      etag: 'W/"x"',
      status: 200,
      models: new Set(),
      storedAt: Date.now(),
    });
    const [older, newer] = [page(), page()];
    cache.set("en /a", older, cache.now());
    cache.set("en /b", newer, cache.now());
    expect(cache.encode("en /b", newer, "gzip", Buffer.alloc(10))).toHaveLength(10);
    expect(cache.size).toBe(2);
    // A second copy of one encoding is not kept: the first stays.
    expect(cache.encode("en /b", newer, "gzip", Buffer.alloc(5))).toHaveLength(10);
    cache.encode("en /b", newer, "br", Buffer.alloc(20));
    expect(cache.get("en /a")).toBeUndefined();
    expect(cache.get("en /b")).toBe(newer);
    // A page no longer kept still gets its copy, outside the count.
    cache.delete("en /b");
    const gone = page();
    expect(cache.encode("en /gone", gone, "br", Buffer.alloc(500))).toHaveLength(500);
    cache.set("en /c", page(), cache.now());
    expect(cache.get("en /c")).toBeDefined();
  });

  it("keeps a page at most SPEC's 86400 s, then renders it again; a CDN's copy never outlives it", () => {
    let now = 1_000_000;
    const cache = new HtmlCache(new ChangeFeed(), [], undefined, () => now);
    const page: CachedPage = {
      html: Buffer.from("<p>x"),
      encoded: { br: Buffer.alloc(1), gzip: Buffer.alloc(1) },
      etag: 'W/"x"',
      status: 200,
      models: new Set(),
      storedAt: now,
    };
    expect(cache.set("en /", page, cache.now())).toBe(true);
    const life = PAGE_MAX_AGE_SECONDS * 1000;
    expect(publicPageCacheControl(page, now, life, 60)).toBe(
      `public, max-age=0, s-maxage=60, stale-while-revalidate=${PAGE_MAX_AGE_SECONDS - 60}`,
    );
    now += life - 30_000;
    expect(cache.get("en /")).toBe(page);
    expect(publicPageCacheControl(page, now, life, 60)).toBe("public, max-age=0, s-maxage=30");
    now += 30_000;
    expect(cache.get("en /")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

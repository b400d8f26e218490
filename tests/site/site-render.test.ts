import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, signIn } from "../rbac/helpers.js";
import { buildPage, write } from "./fixtures.js";

describe(`server-rendered pages and their cache on ${testDialect}`, () => {
  let t: TestApp;
  let adminJwt: string;
  const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
    adminJwt = (await signIn(t, "admin@example.com", "admin password")).jwt;
    await buildPage(t, "/", 5, "Home of tests");
    await buildPage(t, "/blog", 1, "Blog of tests");
  });
  afterAll(() => t.close());

  it("renders a hosted page with its title, then serves it from the cache", async () => {
    const first = await visit("/");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/text\/html/);
    expect(first.body).toContain("<title>Home of tests</title>");
    expect(first.body).toMatch(/<html lang="en"/);
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await visit("/");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
  });

  it("renders the Russian version under /ru, and sends /en/… to the unprefixed address", async () => {
    const ru = await visit("/ru/blog");
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toMatch(/<html lang="ru"/);
    expect(ru.body).toContain("<title>Blog of tests</title>");
    const en = await visit("/en/blog?x=1");
    expect(en.statusCode).toBe(301);
    expect(en.headers.location).toBe("/blog?x=1");
  });

  it("invalidates a page when a record it used changes, in code or through the API", async () => {
    await visit("/");
    expect((await visit("/")).headers["x-cache"]).toBe("HIT");
    const [button] = await t.app.repositories
      .get("website-builder/buttons")!
      .list({ filters: [], orderBy: [], limit: 1, offset: 0 });
    await t.app.repositories
      .get("website-builder/buttons")!
      .update(button!.id as string, { title: { en: "Renamed in code" } });
    const afterCode = await visit("/");
    expect(afterCode.headers["x-cache"]).toBe("MISS");
    expect(afterCode.body).toContain("Renamed in code");
    expect((await visit("/")).headers["x-cache"]).toBe("HIT");
    const patched = await t.request({
      method: "PATCH",
      url: `/api/host/metadata/${await metadataIdOf("/")}`,
      payload: { data: { title: "Home, renamed" } },
    });
    expect(patched.status).toBe(200);
    const afterApi = await visit("/");
    expect(afterApi.headers["x-cache"]).toBe("MISS");
    expect(afterApi.body).toContain("<title>Home, renamed</title>");
  });

  it("keeps pages that did not use the changed model", async () => {
    await visit("/blog");
    expect((await visit("/blog")).headers["x-cache"]).toBe("HIT");
    await write(t, (create) => create("billing/currencies", { slug: "usd", symbol: "$" }));
    expect((await visit("/blog")).headers["x-cache"]).toBe("HIT");
  });

  it("revalidates on request from an admin or the secret key, never an anonymous caller", async () => {
    await visit("/");
    await visit("/blog");
    await visit("/ru/blog");
    const anonymous = await t.request({
      method: "GET",
      url: "/api/revalidation/revalidate?path=/&type=layout",
      key: null,
    });
    expect(anonymous.status).toBe(401);
    expect((await visit("/blog")).headers["x-cache"]).toBe("HIT");

    const page = await t.request({
      method: "GET",
      url: "/api/revalidation/revalidate?path=/ru/blog&type=page",
      key: null,
      headers: bearer(adminJwt),
    });
    expect(page).toMatchObject({ status: 200, body: { data: { path: "/ru/blog", type: "page", revalidated: 1 } } });
    expect((await visit("/ru/blog")).headers["x-cache"]).toBe("MISS");
    expect((await visit("/blog")).headers["x-cache"]).toBe("HIT");

    const layout = await t.request({ method: "GET", url: "/api/revalidation/revalidate?path=/&type=layout" });
    expect(layout.status).toBe(200);
    expect(layout.body.data.revalidated).toBeGreaterThanOrEqual(3);
    expect((await visit("/")).headers["x-cache"]).toBe("MISS");
    expect((await visit("/blog")).headers["x-cache"]).toBe("MISS");
    expect((await t.request({ method: "GET", url: "/api/revalidation/revalidate?path=blog" })).status).toBe(400);
    expect(
      (await t.request({ method: "GET", url: "/api/revalidation/revalidate?path=/&type=everything" })).status,
    ).toBe(400);
  });

  it("answers 404 with a plain page, then with the hosted /404 page once there is one", async () => {
    const plain = await visit("/no/such/page");
    expect(plain.statusCode).toBe(404);
    expect(plain.body).toContain("Page not found");
    const ru = await visit("/ru/no/such/page");
    expect(ru.body).toContain('lang="ru"');
    expect(ru.body).toContain("Страница не найдена");
    await buildPage(t, "/404", 1, "Lost in tests");
    const hosted = await visit("/no/such/page");
    expect(hosted.statusCode).toBe(404);
    expect(hosted.body).toContain("<title>Lost in tests</title>");
    expect((await visit("/another/missing/page")).headers["x-cache"]).toBe("HIT");
  });

  it("leaves /api, /static, /admin and file names alone", async () => {
    const api = await visit("/api/no-such-route");
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/^Not Found error/);
    expect((await visit("/no-such-file.png")).statusCode).toBe(404);
    expect((await visit("/static/missing.js")).statusCode).toBe(404);
  });

  // Last: it breaks the database under the page on purpose.
  it("answers 500 with the global error page inside the hosted /500 page when loading fails", async () => {
    await buildPage(t, "/500", 0, "Trouble in tests");
    await buildPage(t, "/broken", 5, "Broken");
    // Visitors read published copies (docs/drafts.md): that is the table whose loss they meet.
    await sql.raw("DROP TABLE website_builder_features__published CASCADE").execute(t.database.db);
    const broken = await visit("/broken");
    expect(broken.statusCode).toBe(500);
    expect(broken.body).toContain("<title>Trouble in tests</title>");
    expect(broken.body).toContain("data-error-page");
    expect(broken.headers["x-cache"]).toBe("MISS");
  });

  async function metadataIdOf(url: string): Promise<string> {
    const resolved = await t.app.site.hostPages.resolve(url);
    const links = await t.request({
      method: "GET",
      url: `/api/host/pages-to-metadata?filters[and][0][column]=pageId&filters[and][0][method]=eq&filters[and][0][value]=${resolved!.page.id}`,
    });
    return links.body.data[0].metadataId;
  }
});

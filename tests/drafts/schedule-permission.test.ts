import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, openTestDatabase, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, subjectWithRole, type SignedIn } from "../rbac/helpers.js";

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A schedule is a publish later (docs/drafts.md, Scheduling): setting publishAt needs the publish
// permission (unpublishAt the unpublish one), and when it fires it publishes what the one who
// scheduled it may publish, as their own publish would — a page editor's scheduled page does not
// put a product it may not publish on the site.
describe(`scheduling needs the publish permission and publishes as its author, on ${testDialect}`, () => {
  let t: TestApp;
  const sessions: Record<string, SignedIn> = {};
  const post = async (url: string, data: object) =>
    (await t.request({ method: "POST", url, payload: { data } })).body.data;
  const visitor = (url: string) => t.request({ method: "GET", url, key: null });

  const subjectWith = (uid: string, permissions: [string, string][]) => subjectWithRole(t, uid, permissions);

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    const scheduler: [string, string][] = [
      ["GET", "/api/blog/articles/**"],
      ["PUT", "/api/blog/articles/*/schedule"],
    ];
    sessions.scheduler = await subjectWith("article-scheduler", scheduler);
    sessions.publisher = await subjectWith("article-publisher", [
      ...scheduler,
      ["POST", "/api/blog/articles/*/publish"],
      ["POST", "/api/blog/articles/*/unpublish"],
    ]);
    sessions.pageEditor = await subjectWith("page-editor", [["*", "/api/host/**"]]);
  });
  afterAll(() => t.close());

  it.each([
    { who: "scheduler", status: 403 },
    { who: "publisher", status: 200 },
  ])("the $who setting publishAt or unpublishAt: $status; a cancel is no publish", async ({ who, status }) => {
    const article = await post("/api/blog/articles", { slug: `later-${who}`, title: { en: "Later" } });
    const schedule = (data: object) =>
      as(t, sessions[who])({ method: "PUT", url: `/api/blog/articles/${article.id}/schedule`, payload: { data } });
    expect((await schedule({ publishAt: inMs(3_600_000) })).status).toBe(status);
    expect((await schedule({ unpublishAt: inMs(7_200_000) })).status).toBe(status);
    expect((await schedule({ publishAt: null, unpublishAt: null })).status).toBe(200);
  });

  it("a page editor's scheduled page publish leaves a product it may not publish as it is", async () => {
    const product = await post("/api/ecommerce/products", { adminTitle: "Unreleased", title: { en: "Unreleased" } });
    const page = await post("/api/host/pages", { url: "/scheduled-listing", slug: "scheduled-listing" });
    const editor = as(t, sessions.pageEditor);
    const block = await editor({
      method: "POST",
      url: `/api/host/pages/${page.id}/blocks`,
      payload: { data: { module: "ecommerce", variant: "product-list-default", content: { products: [product.id] } } },
    });
    expect(block.status).toBe(201);
    expect(
      (
        await editor({
          method: "PUT",
          url: `/api/host/pages/${page.id}/schedule`,
          payload: { data: { publishAt: inMs(1_000) } },
        })
      ).status,
    ).toBe(200);
    await sleep(1_100);
    await t.app.notifications.flush();
    expect((await visitor(`/api/host/pages/${page.id}`)).status).toBe(200);
    expect((await visitor(`/api/ecommerce/products/${product.id}`)).status).toBe(404);
  });

  // The job has no request that read its author's roles: a fresh instance reads them when it fires.
  it("a page editor's schedule fires after a restart, before anything read the editor's roles", async () => {
    const database = await openTestDatabase({ from: "migrated" });
    const before = await createTestApp({ drafts: true }, { database });
    const editor = as(before, await subjectWithRole(before, "restart-page-editor", [["*", "/api/host/**"]]));
    const product = (
      await before.request({
        method: "POST",
        url: "/api/ecommerce/products",
        payload: { data: { adminTitle: "Held back", title: { en: "Held back" } } },
      })
    ).body.data;
    const page = (
      await before.request({
        method: "POST",
        url: "/api/host/pages",
        payload: { data: { url: "/after-restart", slug: "after-restart" } },
      })
    ).body.data;
    const block = await editor({
      method: "POST",
      url: `/api/host/pages/${page.id}/blocks`,
      payload: { data: { module: "ecommerce", variant: "product-list-default", content: { products: [product.id] } } },
    });
    expect(block.status).toBe(201);
    expect(
      (
        await editor({
          method: "PUT",
          url: `/api/host/pages/${page.id}/schedule`,
          payload: { data: { publishAt: inMs(1_000) } },
        })
      ).status,
    ).toBe(200);
    await before.close();
    const after = await createTestApp({ drafts: true }, { database });
    try {
      await sleep(1_100);
      await after.app.notifications.flush();
      expect((await after.request({ method: "GET", url: `/api/host/pages/${page.id}`, key: null })).status).toBe(200);
      expect(
        (await after.request({ method: "GET", url: `/api/ecommerce/products/${product.id}`, key: null })).status,
      ).toBe(404);
    } finally {
      await after.close();
      await database.drop();
    }
  });
});

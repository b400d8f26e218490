import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register } from "../rbac/helpers.js";
import { buildPage } from "../site/fixtures.js";

const QUEUE = "/api/admin/publishing";
const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

// The dashboard's "Drafts waiting" and "Scheduled publishing" (docs/drafts.md, "What waits to be
// published"): pages and products never published or changed since — a page also when only a block
// of its tree changed — and those with a time set, named by their titles; only the models the
// caller may edit; a fixed number of statements whatever the number of records.
describe(`what waits to be published (${QUEUE}) on ${testDialect}`, () => {
  let t: TestApp;
  const call = async (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, data?: unknown) => {
    const answer = await t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
    if (answer.status >= 400)
      throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body?.data;
  };
  const product = (name: string, publish = false) =>
    call("POST", `/api/ecommerce/products${publish ? "?publish=true" : ""}`, {
      adminTitle: name,
      title: { en: name },
    });
  const queue = async (query = "") => (await call("GET", `${QUEUE}${query}`)) as any;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    // Pages: one never published, one whose block changed after its publish, one as published.
    ids.draftPage = (await buildPage(t, "/queue-draft", 1, "Spring sale")).pageId;
    const tree = await buildPage(t, "/queue-tree", 2, "About us");
    ids.treePage = tree.pageId;
    await call("POST", `/api/host/pages/${tree.pageId}/publish`);
    await call("PATCH", `/api/website-builder/widgets/${tree.widgetIds[0]}`, { title: { en: "New heading" } });
    ids.quietPage = (await buildPage(t, "/queue-quiet", 1, "Contacts")).pageId;
    await call("POST", `/api/host/pages/${ids.quietPage}/publish`);
    // Products: one never published, one retitled after its publish, one as published.
    ids.draftProduct = (await product("Lighthouse mug")).id;
    ids.changedProduct = (await product("Harbour notebook", true)).id;
    await call("PATCH", `/api/ecommerce/products/${ids.changedProduct}`, { title: { en: "Harbour notebook, blue" } });
    ids.quietProduct = (await product("Anchor pen", true)).id;
  });
  afterAll(() => t.close());

  it("lists the pages and products visitors do not see as they are, with their state and number", async () => {
    const { models, drafts } = await queue();
    expect(models).toEqual(["host/pages", "ecommerce/products"]);
    expect(drafts.total).toBe(4);
    const listed = Object.fromEntries(
      drafts.records.map((r: any) => [r.id, [r.model, r.state, typeof r.title === "string" ? r.title : r.title.en]]),
    );
    expect(listed).toEqual({
      [ids.draftPage!]: ["host/pages", "draft", "Spring sale"],
      [ids.treePage!]: ["host/pages", "changed", "About us"],
      [ids.draftProduct!]: ["ecommerce/products", "draft", "Lighthouse mug"],
      [ids.changedProduct!]: ["ecommerce/products", "changed", "Harbour notebook, blue"],
    });
    // Newest edit first.
    const times = drafts.records.map((r: any) => r.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    // `limit` cuts the list, not the number.
    const two = (await queue("?limit=2")).drafts;
    expect([two.total, two.records.length]).toEqual([4, 2]);
    expect((await t.request({ method: "GET", url: `${QUEUE}?limit=21` })).status).toBe(400);
  });

  it("leaves a page out once its tree is published, and a product once it is", async () => {
    const page = await buildPage(t, "/queue-later", 1, "Later page");
    const mug = await product("Later mug");
    expect((await queue("?limit=20")).drafts.total).toBe(6);
    await call("POST", `/api/host/pages/${page.pageId}/publish`);
    await call("POST", `/api/ecommerce/products/${mug.id}/publish`);
    const { drafts } = await queue("?limit=20");
    expect(drafts.total).toBe(4);
    expect(drafts.records.map((r: any) => r.id)).not.toContain(page.pageId);
    expect(drafts.records.map((r: any) => r.id)).not.toContain(mug.id);
  });

  it("lists scheduled publishes and unpublishes soonest first, and not a record deleted since", async () => {
    await call("PUT", `/api/host/pages/${ids.draftPage}/schedule`, { publishAt: inDays(2) });
    await call("PUT", `/api/ecommerce/products/${ids.quietProduct}/schedule`, { unpublishAt: inDays(1) });
    await call("PUT", `/api/ecommerce/products/${ids.changedProduct}/schedule`, {
      publishAt: inDays(3),
      unpublishAt: inDays(5),
    });
    const gone = await product("Gone mug");
    await call("PUT", `/api/ecommerce/products/${gone.id}/schedule`, { publishAt: inDays(1) });
    await call("DELETE", `/api/ecommerce/products/${gone.id}`);

    const { scheduled } = await queue();
    expect(scheduled.total).toBe(3);
    expect(scheduled.records.map((r: any) => [r.id, r.title.en ?? r.title])).toEqual([
      [ids.quietProduct, "Anchor pen"],
      [ids.draftPage, "Spring sale"],
      [ids.changedProduct, "Harbour notebook, blue"],
    ]);
    const [pen, page, notebook] = scheduled.records;
    expect([pen.publishAt, Date.parse(pen.unpublishAt) > Date.now()]).toEqual([null, true]);
    expect([Date.parse(page.publishAt) > Date.now(), page.unpublishAt]).toEqual([true, null]);
    expect(Date.parse(notebook.unpublishAt)).toBeGreaterThan(Date.parse(notebook.publishAt));
    // A cancelled schedule leaves the list.
    await call("PUT", `/api/ecommerce/products/${ids.quietProduct}/schedule`, { unpublishAt: null });
    expect((await queue()).scheduled.records.map((r: any) => r.id)).not.toContain(ids.quietProduct);
    await call("PUT", `/api/ecommerce/products/${ids.quietProduct}/schedule`, { unpublishAt: inDays(1) });
  });

  it("shows only the models the caller may edit, and refuses visitors, members and those who may edit neither", async () => {
    const grant = async (login: string, permissions: [string, string][]) => {
      const session = await register(t, login);
      const uid = login.split("@")[0]!;
      const role = await call("POST", "/api/rbac/roles", { title: uid, uid, availableOnRegistration: false });
      for (const [method, path] of permissions) {
        const permission = await call("POST", "/api/rbac/permissions", { method, path, type: "HTTP" });
        await call("POST", "/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
      }
      await call("POST", "/api/rbac/subjects-to-roles", { subjectId: session.subjectId, roleId: role.id });
      return as(t, session);
    };
    expect((await t.request({ method: "GET", url: QUEUE, key: null })).status).toBe(401);
    const member = as(t, await register(t, "queue-member@example.com"));
    expect((await member({ method: "GET", url: QUEUE })).status).toBe(403);
    // The route opened to a role that may edit nothing: the handler still refuses.
    const reader = await grant("queue-reader@example.com", [["GET", QUEUE]]);
    const refused = await reader({ method: "GET", url: QUEUE });
    expect([refused.status, refused.body.code]).toEqual([403, "PERMISSION_ERROR"]);
    // A product editor: products only, no page named.
    const editor = await grant("queue-products@example.com", [
      ["GET", QUEUE],
      ["PATCH", "/api/ecommerce/products/*"],
    ]);
    const answer = await editor({ method: "GET", url: QUEUE });
    expect(answer.status).toBe(200);
    expect(answer.body.data.models).toEqual(["ecommerce/products"]);
    expect(answer.body.data.drafts.total).toBe(2);
    expect(answer.body.data.drafts.records.every((r: any) => r.model === "ecommerce/products")).toBe(true);
    expect(answer.body.data.scheduled.records.every((r: any) => r.model === "ecommerce/products")).toBe(true);
    expect(JSON.stringify(answer.body)).not.toMatch(/Spring sale|About us/);
  });

  it("answers in as many statements for many waiting and scheduled records as for few", async () => {
    const statements = async () => {
      let least = Number.POSITIVE_INFINITY;
      // The fewest of three: a statement of another part of the app (a cache's first read) counts once at most.
      for (let i = 0; i < 3; i++) {
        const before = t.database.queryCount();
        await queue();
        least = Math.min(least, t.database.queryCount() - before);
      }
      return least;
    };
    const few = await statements();
    for (let i = 0; i < 8; i++) {
      const page = await buildPage(t, `/queue-many-${i}`, 2, `Many ${i}`);
      await call("POST", `/api/host/pages/${page.pageId}/publish`);
      await call("PATCH", `/api/website-builder/widgets/${page.widgetIds[1]}`, { title: { en: `Changed ${i}` } });
      await call("PUT", `/api/host/pages/${page.pageId}/schedule`, { publishAt: inDays(4) });
      const mug = await product(`Many mug ${i}`);
      await call("PUT", `/api/ecommerce/products/${mug.id}/schedule`, { publishAt: inDays(4) });
    }
    const { drafts, scheduled } = await queue();
    expect([drafts.total, scheduled.total]).toEqual([20, 19]);
    expect(await statements()).toBe(few);
  });
});

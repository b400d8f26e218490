import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishRows } from "../../engine/query/publishing.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register, signIn } from "../rbac/helpers.js";
import { buildPage } from "../site/fixtures.js";

const ADMIN = { adminEmail: "editor@example.com", adminPassword: "editor password 1" };
const byParent = (column: string, value: string) =>
  `filters[and]=${encodeURIComponent(JSON.stringify([{ column, method: "eq", value }]))}`;
const withoutStamps = (rows: Record<string, unknown>[] = []) => rows.map(({ updatedAt: _, ...rest }) => rest);

// Versions (docs/drafts.md): every save and publish records a version (the record, and a tree root's
// whole tree); restoring one makes it the working copy and never touches the published copy.
describe(`versions on ${testDialect}`, () => {
  let t: TestApp;
  const editor = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const anonymous = (url: string) => t.request({ method: "GET", url, key: null });
  const html = async (path: string) => (await t.app.inject({ method: "GET", url: path })).body;
  const versionsOf = async (url: string) => (await editor("GET", `${url}/versions`)).body.data as any[];

  beforeAll(async () => {
    t = await createTestApp({ drafts: true, ...ADMIN });
  });
  afterAll(() => t.close());

  it("records each save and publish newest first, with who, what changed and the snapshot", async () => {
    const admin = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    const created = await as(
      t,
      admin,
    )({ method: "POST", url: "/api/blog/articles", payload: { data: { title: { en: "First" } } } });
    expect(created.status).toBe(201);
    const url = `/api/blog/articles/${created.body.data.id}`;
    await editor("PATCH", url, { title: { en: "Second" } });
    await editor("POST", `${url}/publish`);

    const list = await versionsOf(url);
    expect(list.map((v) => [v.number, v.kind])).toEqual([
      [3, "publish"],
      [2, "save"],
      [1, "save"],
    ]);
    expect(list[1].changed).toEqual(["title"]);
    expect(list[2].changed).toContain("title");
    expect(list[0].changed).toEqual([]);
    expect(list[2].subject).toEqual({ id: admin.subjectId, email: ADMIN.adminEmail });
    expect(list[1].subject).toBeNull(); // the secret key
    expect(list[0].snapshot).toBeUndefined();

    const one = await editor("GET", `${url}/versions/${list[2].id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.snapshot.record.title).toEqual({ en: "First" });
    expect((await editor("GET", `${url}/versions?limit=1&offset=1`)).body.data.map((v: any) => v.number)).toEqual([2]);
    expect((await editor("GET", `${url}/versions/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await editor("GET", `${url}/versions?limit=0`)).status).toBe(400);
    expect((await editor("GET", `${url}/versions/not-a-uuid`)).status).toBe(400);
    // Another record's version is not this one's.
    const other = await editor("POST", "/api/blog/articles", { title: { en: "Other" } });
    expect((await editor("GET", `/api/blog/articles/${other.body.data.id}/versions/${list[2].id}`)).status).toBe(404);
  });

  it("undoes a delete: restoring a version from before recreates the record as a working copy", async () => {
    const created = await editor("POST", "/api/blog/articles?publish=true", { title: { en: "Kept" } });
    const url = `/api/blog/articles/${created.body.data.id}`;
    expect((await editor("DELETE", url)).status).toBe(200);
    const list = await versionsOf(url);
    expect(list.map((v) => [v.kind, v.deleted])).toEqual([
      ["save", true],
      ["publish", false],
    ]);
    expect((await editor("POST", `${url}/versions/${list[0].id}/restore`)).status).toBe(400);
    const restored = await editor("POST", `${url}/versions/${list[1].id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ title: { en: "Kept" }, publication: { state: "draft" } });
    expect((await anonymous(url)).status).toBe(404);
    expect((await versionsOf(url))[0]).toMatchObject({ kind: "restore", number: 3 });
  });

  it("keeps the state before a record's first recorded change as an initial version, and restores it without touching the published copy", async () => {
    // Written by module code (no version yet) and published as the migration publishes content.
    const article = await t.app.repositories.get("blog/articles")!.create({ title: { en: "Old title" } });
    await publishRows(t.database.db, t.app.registry.get("blog/articles"), [article.id as string]);
    const url = `/api/blog/articles/${article.id}`;
    await editor("PATCH", url, { title: { en: "New title" } });
    await editor("POST", `${url}/publish`);
    const list = await versionsOf(url);
    expect(list.map((v) => v.kind)).toEqual(["publish", "save", "initial"]);
    expect(list[1].changed).toEqual(["title"]);

    const restored = await editor("POST", `${url}/versions/${list[2].id}/restore`);
    expect(restored.body.data).toMatchObject({ title: { en: "Old title" }, publication: { state: "changed" } });
    expect((await anonymous(url)).body.data.title.en).toBe("New title");
    expect((await versionsOf(url))[0]).toMatchObject({ kind: "restore", changed: ["title"] });
  });

  it("restores a page's whole tree: a block removed and a widget renamed since come back; visitors see it only once published", async () => {
    const built = await buildPage(t, "/history", 3, "History page");
    const page = `/api/host/pages/${built.pageId}`;
    const widget = `/api/website-builder/widgets/${built.widgetIds[0]}`;
    await editor("POST", `${page}/publish`);
    expect(await html("/history")).toContain("Feature 1");
    const [before] = await versionsOf(page);
    expect(before.kind).toBe("publish");
    const oldTitle = (await anonymous(widget)).body.data.title;

    // Edits since: a widget's title changed and a block taken off the page, then published.
    await editor("PATCH", widget, { title: { en: "Renamed widget" } });
    const links = (await editor("GET", `/api/host/pages-to-widgets?draft=true&${byParent("pageId", built.pageId)}`))
      .body.data;
    const features = links.find((l: any) => l.orderIndex === 1);
    await editor("DELETE", `/api/host/pages-to-widgets/${features.id}`);
    await editor("POST", `${page}/publish`);
    expect(await html("/history")).not.toContain("Feature 1");
    const [after] = await versionsOf(page);
    expect(after).toMatchObject({ kind: "publish", number: before.number + 1 });
    expect(after.changed).toEqual(expect.arrayContaining(["host/pages-to-widgets", "website-builder/widgets/title"]));

    const restored = await editor("POST", `${page}/versions/${before.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data.publication.state).toBe("changed");
    // The working tree equals the old one, row for row (only updatedAt moved on).
    const [restore] = await versionsOf(page);
    expect(restore.kind).toBe("restore");
    const old = (await editor("GET", `${page}/versions/${before.id}`)).body.data.snapshot;
    const now = (await editor("GET", `${page}/versions/${restore.id}`)).body.data.snapshot;
    expect(Object.keys(now.tree).sort()).toEqual(Object.keys(old.tree).sort());
    for (const model of Object.keys(old.tree))
      expect(withoutStamps(now.tree[model])).toEqual(withoutStamps(old.tree[model]));
    expect((await editor("GET", `${widget}?draft=true`)).body.data.title).toEqual(oldTitle);
    expect(
      (await editor("GET", `/api/host/pages-to-widgets?draft=true&${byParent("pageId", built.pageId)}`)).body.data,
    ).toHaveLength(3);

    // Visitors still see the published version until it is published.
    expect(await html("/history")).not.toContain("Feature 1");
    expect((await anonymous(widget)).body.data.title.en).toBe("Renamed widget");
    await editor("POST", `${page}/publish`);
    expect(await html("/history")).toContain("Feature 1");
    expect((await anonymous(widget)).body.data.title).toEqual(oldTitle);
  });

  it("removes a record added to the tree since the version, and keeps one that is linked elsewhere", async () => {
    const built = await buildPage(t, "/added", 1, "Added page");
    const page = `/api/host/pages/${built.pageId}`;
    await editor("POST", `${page}/publish`);
    const [before] = await versionsOf(page);
    // A new block on the page (a host widget and its link), and a shared layout linked too.
    const host = (await editor("POST", "/api/host/widgets", { slug: `added-${crypto.randomUUID()}` })).body.data;
    await editor("POST", "/api/host/pages-to-widgets", { pageId: built.pageId, widgetId: host.id, orderIndex: 5 });
    const other = await buildPage(t, "/other-added", 1, "Other page");
    const shared = await editor("POST", "/api/host/pages-to-layouts", {
      pageId: built.pageId,
      layoutId: other.layoutId,
    });
    expect(shared.status).toBe(201);
    await editor("PATCH", page, { title: "Added page, edited" });

    expect((await editor("POST", `${page}/versions/${before.id}/restore`)).status).toBe(200);
    expect((await editor("GET", `/api/host/widgets/${host.id}?draft=true`)).status).toBe(404);
    expect((await editor("GET", `/api/host/pages-to-layouts/${shared.body.data.id}?draft=true`)).status).toBe(404);
    expect((await editor("GET", `/api/host/layouts/${other.layoutId}?draft=true`)).status).toBe(200);
    expect((await editor("GET", `${page}?draft=true`)).body.data.title).toBe("Added page");
  });

  it("numbers versions one after another when saves of a record never versioned before arrive together", async () => {
    const article = await t.app.repositories.get("blog/articles")!.create({ title: { en: "Quiet" } });
    const url = `/api/blog/articles/${article.id}`;
    const answers = await Promise.all(["A", "B", "C"].map((title) => editor("PATCH", url, { title: { en: title } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const list = await versionsOf(url);
    expect(list.map((v) => [v.number, v.kind])).toEqual([
      [4, "save"],
      [3, "save"],
      [2, "save"],
      [1, "initial"],
    ]);
  });

  it("lets only editors read or restore versions", async () => {
    const created = await editor("POST", "/api/blog/articles?publish=true", { title: { en: "Public" } });
    const url = `/api/blog/articles/${created.body.data.id}`;
    const [version] = await versionsOf(url);
    expect((await anonymous(url)).status).toBe(200);
    expect((await anonymous(`${url}/versions`)).status).toBe(401);
    expect((await anonymous(`${url}/versions/${version.id}`)).status).toBe(401);
    expect((await t.request({ method: "POST", url: `${url}/versions/${version.id}/restore`, key: null })).status).toBe(
      401,
    );
    const member = await register(t, `member-${crypto.randomUUID()}@example.com`);
    expect((await as(t, member)({ method: "GET", url: `${url}/versions` })).status).toBe(403);
    expect((await as(t, member)({ method: "GET", url: `${url}/versions/${version.id}` })).status).toBe(403);
    expect((await as(t, member)({ method: "POST", url: `${url}/versions/${version.id}/restore` })).status).toBe(403);
  });
});

describe(`VERSIONS_MAX on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ drafts: true, versionsMax: 3 });
  });
  afterAll(() => t.close());

  it("keeps at most VERSIONS_MAX versions of a record, dropping the oldest but never a publish point", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { title: { en: "v1" } } },
    });
    const url = `/api/blog/articles/${created.body.data.id}`;
    await t.request({ method: "POST", url: `${url}/publish` });
    for (let i = 3; i <= 6; i++)
      await t.request({ method: "PATCH", url, payload: { data: { title: { en: `v${i}` } } } });
    const list = (await t.request({ method: "GET", url: `${url}/versions` })).body.data;
    expect(list.map((v: any) => [v.number, v.kind])).toEqual([
      [6, "save"],
      [5, "save"],
      [2, "publish"],
    ]);
    await t.request({ method: "POST", url: `${url}/publish` });
    await t.request({ method: "POST", url: `${url}/publish` });
    await t.request({ method: "PATCH", url, payload: { data: { title: { en: "v9" } } } });
    // Three publish points are over the limit on their own: they stay, the saves go.
    expect((await t.request({ method: "GET", url: `${url}/versions` })).body.data.map((v: any) => v.kind)).toEqual([
      "save",
      "publish",
      "publish",
      "publish",
    ]);
  });
});

describe(`restore with DRAFTS=off on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ drafts: false });
  });
  afterAll(() => t.close());

  it("publishes the restored version at once, as every save does then", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/blog/articles",
      payload: { data: { title: { en: "Live one" } } },
    });
    const url = `/api/blog/articles/${created.body.data.id}`;
    await t.request({ method: "PATCH", url, payload: { data: { title: { en: "Live two" } } } });
    const list = (await t.request({ method: "GET", url: `${url}/versions` })).body.data;
    expect(list.map((v: any) => v.kind)).toEqual(["save", "save"]);
    const restored = await t.request({ method: "POST", url: `${url}/versions/${list[1].id}/restore` });
    expect(restored.body.data).toMatchObject({ title: { en: "Live one" }, publication: { state: "published" } });
    expect((await t.request({ method: "GET", url, key: null })).body.data.title.en).toBe("Live one");
  });
});

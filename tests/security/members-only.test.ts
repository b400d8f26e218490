import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, as, register, type SignedIn } from "../rbac/helpers.js";

// Members-only content (docs/security.md). The demo's members-only notes are a website-builder widget linked to
// an article through blog/articles-to-website-builder-module-widgets, a relation visitors may not
// read. The rule: content reachable only through a relation the caller may not read (from a
// record it may read) is members-only, and so is what hangs below it; no route returns it to that
// caller — not a list, a filter, a count, a record by id, a page or the pages' urls.
const SECRET_TEXT = "beta of shared carts";
const RELATION = "blog/articles-to-website-builder-module-widgets";

describe(`members-only content stays with members, on ${testDialect}`, () => {
  let t: TestApp;
  let privateId: string;
  let user: SignedIn;
  let reader: SignedIn;
  const widgets = "/api/website-builder/widgets";
  const filter = (column: string, method: string, value: string) =>
    `filters[and][0][column]=${encodeURIComponent(column)}&filters[and][0][method]=${method}&filters[and][0][value]=${encodeURIComponent(value)}`;
  const post = async (url: string, data: object) =>
    (await t.request({ method: "POST", url, payload: { data } })).body.data;

  beforeAll(async () => {
    t = await createTestApp({ seedDemoContent: true });
    const [row] = (
      await t.request({ method: "GET", url: `${widgets}?${filter("slug", "eq", "members-notes-private")}` })
    ).body.data;
    privateId = row.id;
    user = await register(t, "visitor@example.com");
    reader = await register(t, "member@example.com");
    // A "members" role that may read the private link, as an admin would set it up.
    const role = await post("/api/rbac/roles", { title: "Members", uid: "members" });
    const permission = await post("/api/rbac/permissions", {
      method: "GET",
      path: `/api/${RELATION}/**`,
      type: "HTTP",
    });
    await post("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    await post("/api/rbac/subjects-to-roles", { subjectId: reader.subjectId, roleId: role.id });
    // Below the private widget: a buttons array of its own, and one it shares with a public widget.
    const own = await post("/api/website-builder/buttons-arrays", { slug: "private-buttons" });
    const button = await post("/api/website-builder/buttons", {
      slug: "private-button",
      title: { en: "Secret button" },
      url: "/secret",
    });
    await post("/api/website-builder/buttons-arrays-to-buttons", { buttonsArrayId: own.id, buttonId: button.id });
    await post("/api/website-builder/widgets-to-buttons-arrays", { widgetId: privateId, buttonsArrayId: own.id });
    const shared = await post("/api/website-builder/buttons-arrays", { slug: "shared-buttons" });
    const publicWidget = await post(widgets, { slug: "public-widget" });
    await post("/api/website-builder/widgets-to-buttons-arrays", { widgetId: privateId, buttonsArrayId: shared.id });
    await post("/api/website-builder/widgets-to-buttons-arrays", {
      widgetId: publicWidget.id,
      buttonsArrayId: shared.id,
    });
    // A page template naming widgets by slug, as an admin might add.
    await post("/api/host/pages", { url: "/widgets/[website-builder.widgets.slug]", slug: "widget-page" });
  });
  afterAll(() => t.close());

  const callers = () => ({ visitor: undefined, "signed-in user": user });
  type Who = "visitor" | "signed-in user";
  const get = (who: Who, url: string) => as(t, callers()[who])({ method: "GET", url });
  const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug);

  describe.each<Who>(["visitor", "signed-in user"])("to a %s", (who) => {
    it("the widget list, a list by slug and by id leave it out; the count agrees with the list", async () => {
      const list = await get(who, `${widgets}?limit=1000`);
      expect(list.status).toBe(200);
      expect(slugs(list.body.data)).not.toContain("members-notes-private");
      expect(slugs(list.body.data)).toContain("public-widget");
      expect((await get(who, `${widgets}/count`)).body.data).toBe(list.body.data.length);
      expect((await get(who, `${widgets}?${filter("slug", "eq", "members-notes-private")}`)).body.data).toEqual([]);
      expect(
        (
          await get(
            who,
            `${widgets}?filters[and][0][column]=id&filters[and][0][method]=inArray&filters[and][0][value][0]=${privateId}`,
          )
        ).body.data,
      ).toEqual([]);
    });

    it("searching its text finds nothing and counts nothing", async () => {
      const search = filter("description->>en", "ilike", `%${SECRET_TEXT}%`);
      expect((await get(who, `${widgets}?${search}`)).body.data).toEqual([]);
      expect((await get(who, `${widgets}/count?${search}`)).body.data).toBe(0);
    });

    it("by id it is a 404, as if it did not exist", async () => {
      const response = await get(who, `${widgets}/${privateId}`);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(SECRET_TEXT);
    });

    it("what hangs below it only is members-only too: its links, its own buttons array and button", async () => {
      const links = (await get(who, "/api/website-builder/widgets-to-buttons-arrays?limit=1000")).body.data;
      expect(links.map((l: any) => l.widgetId)).not.toContain(privateId);
      expect(slugs((await get(who, "/api/website-builder/buttons-arrays?limit=1000")).body.data)).toEqual(
        expect.not.arrayContaining(["private-buttons"]),
      );
      expect(slugs((await get(who, "/api/website-builder/buttons-arrays?limit=1000")).body.data)).toContain(
        "shared-buttons",
      );
      expect(slugs((await get(who, "/api/website-builder/buttons?limit=1000")).body.data)).not.toContain(
        "private-button",
      );
      expect(
        (await get(who, `/api/website-builder/buttons/count?${filter("slug", "eq", "private-button")}`)).body.data,
      ).toBe(0);
    });
  });

  it("a member (a role that may read the link), an admin's secret key and the relation's readers see it", async () => {
    for (const read of [as(t, reader), (o: any) => t.request(o)]) {
      expect((await read({ method: "GET", url: `${widgets}/${privateId}` })).status).toBe(200);
      expect(
        (
          await read({
            method: "GET",
            url: `${widgets}/count?${filter("description->>en", "ilike", `%${SECRET_TEXT}%`)}`,
          })
        ).body.data,
      ).toBe(1);
      expect(
        slugs((await read({ method: "GET", url: "/api/website-builder/buttons?limit=1000" })).body.data),
      ).toContain("private-button");
    }
  });

  it("no page shows it to anyone: the members' article page, a page naming widgets by slug, the urls list", async () => {
    for (const path of ["/blog/members", "/blog/articles/members-notes", "/ru/blog/members"]) {
      const page = await t.app.inject({ method: "GET", url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(SECRET_TEXT);
      expect(page.body).not.toContain(privateId);
    }
    expect((await t.app.inject({ method: "GET", url: "/widgets/members-notes-private" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/widgets/public-widget" })).statusCode).toBe(200);
    expect((await get("visitor", "/api/host/pages/find-by-url?url=/widgets/members-notes-private")).status).toBe(404);
    const urls = (await get("visitor", "/api/host/pages/urls")).body.data.urls.map((u: any) => u.url);
    expect(urls).toContain("/widgets/public-widget");
    expect(urls).not.toContain("/widgets/members-notes-private");
  });

  it("linking it from a public page makes it public; unlinking makes it members-only again", async () => {
    const host = await post("/api/host/widgets", { slug: "host-for-private" });
    const link = await post("/api/host/widgets-to-external-widgets", {
      widgetId: host.id,
      externalModule: "website-builder",
      externalWidgetId: privateId,
    });
    expect((await get("visitor", `${widgets}/${privateId}`)).status).toBe(200);
    await t.request({ method: "DELETE", url: `/api/host/widgets-to-external-widgets/${link.id}` });
    expect((await get("visitor", `${widgets}/${privateId}`)).status).toBe(404);
  });

  it("the signed-in user's session still reads its own things (the rule is about content only)", async () => {
    expect((await as(t, user)({ method: "GET", url: `${AUTH}/me` })).status).toBe(200);
  });

  // The same rule for any relation: closing categories-to-articles to visitors makes the articles
  // reachable only through a category members-only, in the API and in the pages' lists alike.
  it("closing another link to visitors hides what only it reaches, on pages too (last: it changes the permissions)", async () => {
    expect(await t.app.inject({ method: "GET", url: "/blog" }).then((r) => r.body)).toContain("Hello, world");
    const [permission] = (
      await t.request({
        method: "GET",
        url: `/api/rbac/permissions?${filter("path", "eq", "/api/blog/categories-to-articles/**")}`,
      })
    ).body.data;
    const [grant] = (
      await t.request({
        method: "GET",
        url: `/api/rbac/roles-to-permissions?${filter("permissionId", "eq", permission.id)}`,
      })
    ).body.data;
    await t.request({ method: "DELETE", url: `/api/rbac/roles-to-permissions/${grant.id}` });

    // Only the members' article stays: a public blog widget (/blog/members) links it too.
    expect(slugs((await get("visitor", "/api/blog/articles?limit=1000")).body.data)).toEqual(["members-notes"]);
    expect((await get("visitor", "/api/blog/articles/count")).body.data).toBe(1);
    const blog = await t.app.inject({ method: "GET", url: "/blog" });
    expect(blog.statusCode).toBe(200);
    expect(blog.body).not.toContain("Hello, world");
    expect((await t.app.inject({ method: "GET", url: "/blog/articles/hello-world" })).statusCode).toBe(404);
    expect(slugs((await t.request({ method: "GET", url: "/api/blog/articles?limit=1000" })).body.data)).toContain(
      "hello-world",
    );
  });
});

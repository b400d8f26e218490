import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "../../server/crud/transfer/csv.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, register, type SignedIn } from "../rbac/helpers.js";

const ARTICLES = "/api/blog/articles";

// An export of an x-drafts model gives the working copies only to a caller who may read them
// (who may edit the model); a role that may only export gets what visitors read, the published copies.
describe(`which copies an export reads, on ${testDialect}`, () => {
  let t: TestApp;
  let exporter: SignedIn;
  let editor: SignedIn;
  let live: Record<string, any>;
  let unpublished: Record<string, any>;

  const grant = async (subject: SignedIn, uid: string, permissions: [string, string][]) => {
    const role = (
      await t.request({
        method: "POST",
        url: "/api/rbac/roles",
        payload: { data: { title: uid, uid, availableOnRegistration: false } },
      })
    ).body.data;
    for (const [method, path] of permissions) {
      const permission = (
        await t.request({
          method: "POST",
          url: "/api/rbac/permissions",
          payload: { data: { method, path, type: "HTTP" } },
        })
      ).body.data;
      await t.request({
        method: "POST",
        url: "/api/rbac/roles-to-permissions",
        payload: { data: { roleId: role.id, permissionId: permission.id } },
      });
    }
    await t.request({
      method: "POST",
      url: "/api/rbac/subjects-to-roles",
      payload: { data: { subjectId: subject.subjectId, roleId: role.id } },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    live = (
      await t.request({
        method: "POST",
        url: `${ARTICLES}?publish=true`,
        payload: { data: { title: { en: "Published title" }, slug: "export-copies-live" } },
      })
    ).body.data;
    // A change saved, not published: the working copy differs from what visitors read.
    const edited = await t.request({
      method: "PATCH",
      url: `${ARTICLES}/${live.id}`,
      payload: { data: { title: { en: "Unpublished draft title" } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    unpublished = (
      await t.request({
        method: "POST",
        url: ARTICLES,
        payload: { data: { title: { en: "Never published" }, slug: "export-copies-draft" } },
      })
    ).body.data;
    exporter = await register(t, "exporter-copies@example.com");
    await grant(exporter, "article-exporter", [["GET", `${ARTICLES}/export`]]);
    editor = await register(t, "editor-copies@example.com");
    await grant(editor, "article-editor", [
      ["GET", `${ARTICLES}/export`],
      ["*", `${ARTICLES}/**`],
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportAs = (who: "exporter" | "editor" | "secret key", format: "csv" | "json") =>
    t.app.inject({
      method: "GET",
      url: `${ARTICLES}/export?format=${format}`,
      headers:
        who === "secret key"
          ? { "x-rbac-secret-key": "test-secret-key" }
          : bearer((who === "exporter" ? exporter : editor).jwt),
    });

  const titlesIn = (format: "csv" | "json", text: string): Record<string, string> => {
    if (format === "json") return Object.fromEntries((JSON.parse(text) as any[]).map((r) => [r.id, r.title.en]));
    const [header, ...rows] = parseCsv(text);
    const id = header!.indexOf("id");
    const title = header!.indexOf("title.en");
    return Object.fromEntries(rows.map((row) => [row[id]!, row[title]!]));
  };

  test.each([
    ["exporter", "csv", "Published title", false],
    ["exporter", "json", "Published title", false],
    ["editor", "csv", "Unpublished draft title", true],
    ["editor", "json", "Unpublished draft title", true],
    ["secret key", "csv", "Unpublished draft title", true],
  ] as const)(
    "%s, %s: the article reads %j; the never-published one is there: %s",
    async (who, format, title, draftsToo) => {
      const response = await exportAs(who, format);
      expect(response.statusCode, response.body).toBe(200);
      const titles = titlesIn(format, response.body);
      expect(titles[live.id]).toBe(title);
      expect(unpublished.id in titles).toBe(draftsToo);
      expect(Object.values(titles)).not.toContain(draftsToo ? "Published title" : "Unpublished draft title");
      // Published copies are exported as records, like the working copies: no column of the published table's own.
      if (format === "json") expect(Object.keys(JSON.parse(response.body)[0])).not.toContain("publishedAt");
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

const CATEGORIES = "/api/blog/categories";
const AUTH = "/api/rbac/subjects/authentication";

// docs/drafts.md: `draft=true` reads the working copies only for a caller who may edit the model.
// A signed-in member without that right is refused (403) as an anonymous caller is (401), and
// reads the published copies without it; a member given the right to edit reads them.
describe(`a member's draft=true on ${testDialect}`, () => {
  let t: TestApp;
  let member: string;
  let editor: string;
  let changedId: string;
  let draftOnlyId: string;

  const signUp = async (login: string) => {
    const answer = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      key: null,
      payload: { login, password: "correct horse battery" },
    });
    expect(answer.status).toBe(201);
    return answer.body.data.jwt as string;
  };
  const as = (jwt: string, url: string) =>
    t.request({ method: "GET", url, key: null, headers: { authorization: `Bearer ${jwt}` } });
  const made = async (url: string, data: unknown, method: "POST" | "PATCH" = "POST") => {
    const answer = await t.request({ method, url, payload: { data } });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    const changed = await made(`${CATEGORIES}?publish=true`, { slug: "public", title: { en: "Public title" } });
    changedId = changed.id;
    await made(`${CATEGORIES}/${changedId}`, { title: { en: "Working title" } }, "PATCH");
    draftOnlyId = (await made(CATEGORIES, { slug: "unreleased", title: { en: "Unreleased title" } })).id;
    member = await signUp("member@example.com");
    editor = await signUp("category-editor@example.com");
    // The editor's role may PATCH categories: that is what makes working copies readable to it.
    const editorId = (await as(editor, `${AUTH}/me`)).body.data.id;
    const role = await made("/api/rbac/roles", {
      title: "Category editor",
      uid: "category-editor",
      availableOnRegistration: false,
    });
    const permission = await made("/api/rbac/permissions", {
      method: "PATCH",
      path: "/api/blog/categories/*",
      type: "HTTP",
    });
    await made("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    await made("/api/rbac/subjects-to-roles", { subjectId: editorId, roleId: role.id });
  });
  afterAll(() => t.close());

  const reads: [what: string, url: () => string][] = [
    ["the list", () => `${CATEGORIES}?draft=true`],
    ["the count", () => `${CATEGORIES}/count?draft=true`],
    ["the estimated count", () => `${CATEGORIES}/count?draft=true&estimate=true`],
    ["a changed record", () => `${CATEGORIES}/${changedId}?draft=true`],
    ["a record never published", () => `${CATEGORIES}/${draftOnlyId}?draft=true`],
  ];

  it.each(reads)(
    "refuses %s to a member without edit rights (403), as to anonymous callers (401)",
    async (_what, url) => {
      const answer = await as(member, url());
      expect([answer.status, answer.body.code]).toEqual([403, "PERMISSION_ERROR"]);
      expect(JSON.stringify(answer.body)).not.toMatch(/Working title|Unreleased title/);
      expect((await t.request({ method: "GET", url: url(), key: null })).status).toBe(401);
    },
  );

  it("gives that member the published copies without draft=true", async () => {
    const list = (await as(member, CATEGORIES)).body.data;
    expect(list.map((c: any) => c.title.en)).toEqual(["Public title"]);
    expect((await as(member, `${CATEGORIES}/count`)).body.data).toBe(1);
    expect((await as(member, `${CATEGORIES}/${changedId}`)).body.data.title.en).toBe("Public title");
    expect((await as(member, `${CATEGORIES}/${draftOnlyId}`)).status).toBe(404);
  });

  it("lets a member whose role may edit categories read their working copies", async () => {
    expect((await as(editor, `${CATEGORIES}?draft=true`)).body.data.map((c: any) => c.title.en).sort()).toEqual([
      "Unreleased title",
      "Working title",
    ]);
    expect((await as(editor, `${CATEGORIES}/count?draft=true`)).body.data).toBe(2);
    expect((await as(editor, `${CATEGORIES}/${draftOnlyId}?draft=true`)).body.data.title.en).toBe("Unreleased title");
  });
});

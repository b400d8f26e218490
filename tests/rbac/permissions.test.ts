import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compilePathPattern, splitPath } from "../../server/modules/rbac/permissions/path-pattern.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, as, bearer, register, type SignedIn } from "./helpers.js";

describe("path patterns", () => {
  const self = "11111111-1111-4111-8111-111111111111";
  test.each([
    ["/api/blog/articles/**", "/api/blog/articles", true],
    ["/api/blog/articles/**", "/api/blog/articles/count?x=1", true],
    ["/api/blog/articles/**", "/api/blog/articles-to-website-builder-module-widgets", false],
    ["/api/*/widgets/**", "/api/crm/widgets/abc", true],
    ["/api/*/widgets/**", "/api/crm/forms", false],
    ["/api/crm/forms/*/requests", "/api/crm/forms/123/requests", true],
    ["/api/crm/forms/*/requests", "/api/crm/forms/requests", false],
    ["/api/rbac/subjects/{self}/identities/**", `/api/rbac/subjects/${self}/identities`, true],
    [
      "/api/rbac/subjects/{self}/identities/**",
      "/api/rbac/subjects/22222222-2222-4222-8222-222222222222/identities",
      false,
    ],
    ["/api/rbac/subjects/{self}", `/api/rbac/subjects/${encodeURIComponent(self)}`, true],
    ["/api/blog/**", "/api/%62log/articles", true],
    ["/api/health", "/api/health/", true],
    ["/**", "/api/anything/at/all", true],
    // A model's whole-table export and import are granted only by name or by `/**` (the admin's).
    ["/**", "/api/blog/articles/export", true],
    ["*", "/api/blog/articles/import", false],
    ["/api/blog/articles/**", "/api/blog/articles/export", false],
    ["/api/blog/articles/*", "/api/blog/articles/export", false],
    ["/api/blog/**", "/api/blog/articles/import", false],
    ["/api/blog/articles/export", "/api/blog/articles/export", true],
    ["/api/*/*/export", "/api/blog/articles/export", true],
    ["/api/*/*/export", "/api/blog/articles/import", false],
    ["/api/blog/articles/*/**", "/api/blog/articles/export/more", true],
  ])("%s against %s → %s", (pattern, path, expected) => {
    expect(compilePathPattern(pattern)(splitPath(path), self)).toBe(expected);
  });
});

describe("permissions from records", () => {
  let t: TestApp;
  let ann: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await register(t, "ann@example.com");
  });
  afterAll(() => t.close());

  const isAuthorized = (route: string, method: string, session?: SignedIn) =>
    t.request({
      method: "GET",
      url: `${AUTH}/is-authorized?route=${encodeURIComponent(route)}&method=${method}`,
      key: null,
      headers: session ? bearer(session.jwt) : {},
    });

  test("is-authorized answers for a route and method, for whoever asks", async () => {
    expect((await isAuthorized("/api/blog/articles", "GET")).body).toEqual({ data: true });
    expect((await isAuthorized("/api/blog/articles", "POST")).body).toEqual({ data: false });
    expect((await isAuthorized("/api/blog/articles-to-website-builder-module-widgets", "GET")).body).toEqual({
      data: false,
    });
    expect((await isAuthorized(`/api/rbac/subjects/${ann.subjectId}/identities`, "GET", ann)).body).toEqual({
      data: true,
    });
    expect((await isAuthorized(`/api/rbac/subjects/${ann.subjectId}/identities`, "GET")).body).toEqual({ data: false });
    const withKey = await t.request({
      method: "GET",
      url: `${AUTH}/is-authorized?route=/api/rbac/roles&method=DELETE`,
    });
    expect(withKey.body).toEqual({ data: true });
  });

  test.each([
    ["no route", "method=GET", "Validation error: route is required"],
    ["a route without a slash", "route=api&method=GET", "Validation error: /route must be a path starting with /"],
    [
      "an unknown method",
      "route=/api&method=TRACE",
      "Validation error: /method must be GET, POST, PATCH, PUT or DELETE",
    ],
    ["no query at all", "", "Validation error: permission is required"],
    [
      "the original form without a method",
      "permission[route]=/api/blog/articles",
      "Validation error: permission/method is required",
    ],
    [
      "the original form with another type",
      "permission[route]=/api&permission[method]=GET&permission[type]=WS",
      "Validation error: /permission/type must be HTTP",
    ],
  ])("is-authorized refuses %s", async (_, query, message) => {
    const response = await t.request({ method: "GET", url: `${AUTH}/is-authorized?${query}`, key: null });
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  test("a permission granted to a role counts at once, and stops counting when removed", async () => {
    const url = "/api/blog/articles-to-website-builder-module-widgets";
    expect((await as(t, ann)({ method: "GET", url })).status).toBe(403);
    const role = (
      await t.request({
        method: "POST",
        url: "/api/rbac/roles",
        payload: { data: { title: "Readers", uid: "readers", availableOnRegistration: false } },
      })
    ).body.data;
    const permission = (
      await t.request({
        method: "POST",
        url: "/api/rbac/permissions",
        payload: { data: { method: "GET", path: `${url}/**`, type: "HTTP" } },
      })
    ).body.data;
    const link = (
      await t.request({
        method: "POST",
        url: "/api/rbac/roles-to-permissions",
        payload: { data: { roleId: role.id, permissionId: permission.id } },
      })
    ).body.data;
    // The role has the permission, but ann does not have the role yet.
    expect((await as(t, ann)({ method: "GET", url })).status).toBe(403);
    const held = (
      await t.request({
        method: "POST",
        url: "/api/rbac/subjects-to-roles",
        payload: { data: { subjectId: ann.subjectId, roleId: role.id } },
      })
    ).body.data;
    expect((await as(t, ann)({ method: "GET", url })).status).toBe(200);
    expect((await isAuthorized(url, "GET", ann)).body.data).toBe(true);

    await t.request({ method: "DELETE", url: `/api/rbac/roles-to-permissions/${link.id}` });
    expect((await as(t, ann)({ method: "GET", url })).status).toBe(403);
    await t.request({
      method: "POST",
      url: "/api/rbac/roles-to-permissions",
      payload: { data: { roleId: role.id, permissionId: permission.id } },
    });
    expect((await as(t, ann)({ method: "GET", url })).status).toBe(200);
    await t.request({ method: "DELETE", url: `/api/rbac/subjects-to-roles/${held.id}` });
    expect((await as(t, ann)({ method: "GET", url })).status).toBe(403);
  });

  test("the default roles and permissions are seeded once, as records", async () => {
    const roles = (await t.request({ method: "GET", url: "/api/rbac/roles?limit=1000" })).body.data.map(
      (r: any) => r.uid,
    );
    expect(roles).toEqual(expect.arrayContaining(["anonymous", "authenticated", "user", "admin"]));
    const permissions = (await t.request({ method: "GET", url: "/api/rbac/permissions/count" })).body.data;
    expect(permissions).toBeGreaterThan(30);
  });

  test("a wrong secret key is refused, even on public routes", async () => {
    const response = await t.request({ method: "GET", url: "/api/blog/articles", key: "wrong" });
    expect(response).toMatchObject({ status: 403, body: { message: "Permission error: the secret key is not valid" } });
  });

  test("routes outside /api are not API: the home page needs no permission", async () => {
    // No hosted page yet: the site's own 404 document, not an authentication error.
    const home = await t.request({ method: "GET", url: "/", key: null });
    expect(home.status).toBe(404);
    expect(String(home.body)).toContain("<html");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../../helpers/test-app.js";
import { AUTH, PASSWORD, register, signIn, subjectWithRole, type SignedIn } from "../helpers.js";
import { createKey, keysUrl, newKey, withKey } from "./helpers.js";

const ARTICLES = "/api/blog/articles";
const ID = "00000000-0000-4000-8000-000000000000";

describe(`what an API key reaches, on ${testDialect}`, () => {
  let t: TestApp;
  let editor: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
    // A subject whose role may write articles and nothing else of the content.
    editor = await subjectWithRole(t, "editors", [
      ["*", ARTICLES],
      ["*", `${ARTICLES}/**`],
    ]);
  });
  afterAll(() => t.close());

  const own = () => `/api/rbac/subjects/${editor.subjectId}`;

  it("a read-only key reads what its subject may and is refused every write (403)", async () => {
    const key = await newKey(t, editor, ["read"]);
    expect((await withKey(t, key, "GET", own())).status).toBe(200);
    expect((await withKey(t, key, "GET", ARTICLES)).status).toBe(200);
    const write = await withKey(t, key, "POST", ARTICLES, {});
    expect(write.status).toBe(403);
    expect(write.body.message).toMatch(/scopes/);
    // Beyond its subject's permissions a read is refused too.
    expect((await withKey(t, key, "GET", "/api/rbac/roles")).status).toBe(403);
  });

  it("a read-and-write key writes what its subject may, and nothing more", async () => {
    const key = await newKey(t, editor, ["read", "write"]);
    const made = await withKey(t, key, "POST", ARTICLES, {});
    expect(made.status).toBe(201);
    expect((await withKey(t, key, "DELETE", `${ARTICLES}/${made.body.data.id}`)).status).toBe(200);
    expect((await withKey(t, key, "POST", "/api/rbac/roles", { title: "Mine", uid: "mine" })).status).toBe(403);
    expect((await withKey(t, key, "POST", "/api/blog/categories", {})).status).toBe(403);
  });

  it("route scopes allow only the routes they name, with {self} for the key's subject", async () => {
    const key = await newKey(t, editor, [
      { method: "GET", route: "/api/rbac/subjects/{self}" },
      { method: "POST", route: ARTICLES },
    ]);
    expect((await withKey(t, key, "GET", own())).status).toBe(200);
    expect((await withKey(t, key, "POST", ARTICLES, {})).status).toBe(201);
    expect((await withKey(t, key, "GET", ARTICLES)).status).toBe(403);
    expect((await withKey(t, key, "PATCH", `${ARTICLES}/${ID}`, {})).status).toBe(403);
  });

  it("an expired, unknown or malformed key is a 401, even on a public route", async () => {
    const made = await createKey(t, editor, {
      title: "short-lived",
      scopes: ["read"],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    // Expired before its first use (the clock is not the test's to move).
    await t.app.rbac.db
      .updateTable("rbac/api-keys")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", made.body.data.id)
      .execute();
    for (const key of [made.body.data.key, `pk_${"A".repeat(43)}`, "pk_"]) {
      const response = await withKey(t, key, "GET", ARTICLES);
      expect(response.status, key).toBe(401);
      expect(response.body.code).toBe("AUTHENTICATION_ERROR");
    }
  });

  /** The administrator and one read-and-write key of theirs, made at first need. */
  let chief: { session: SignedIn; key: string } | undefined;
  const adminKey = async () => {
    if (!chief) {
      const session = await signIn(t, "admin@example.com", "admin password");
      chief = { session, key: await newKey(t, session, ["read", "write"]) };
    }
    return chief;
  };
  /** What a key never reaches, whatever its scopes and its subject (an administrator's key included). */
  const accountRoutes: ["GET" | "POST" | "PATCH" | "DELETE", (id: string) => string, object?][] = [
    ["POST", (id) => keysUrl(id), { title: "another", scopes: ["read", "write"] }],
    ["GET", (id) => keysUrl(id)],
    ["DELETE", (id) => `${keysUrl(id)}/${ID}`],
    ["PATCH", (id) => `/api/rbac/subjects/${id}/change-password`, { password: PASSWORD, newPassword: "another one 1" }],
    ["GET", (id) => `/api/rbac/subjects/${id}/identities`],
    ["POST", (id) => `/api/rbac/subjects/${id}/identities`, { email: "thief@example.com", password: PASSWORD }],
    ["PATCH", () => `/api/rbac/identity/${ID}/change-password`, { password: PASSWORD, newPassword: "another one 1" }],
    ["POST", () => "/api/rbac/identities/email-and-password", { email: "thief@example.com", password: PASSWORD }],
    ["GET", () => "/api/rbac/identities"],
    ["POST", (id) => `/api/rbac/subjects/${id}/two-factor/totp`, { password: PASSWORD }],
    ["DELETE", (id) => `/api/rbac/subjects/${id}/two-factor`],
    ["GET", (id) => `/api/rbac/subjects/${id}/passkeys`],
    ["POST", (id) => `/api/rbac/subjects/${id}/passkeys/options`, {}],
    ["GET", (id) => `/api/rbac/subjects/${id}/sessions`],
    ["DELETE", (id) => `/api/rbac/subjects/${id}/sessions`],
    ["POST", () => `${AUTH}/email-and-password/authentication`, { login: "admin@example.com", password: "x" }],
    ["POST", () => `${AUTH}/refresh`, { refresh: "x" }],
    ["POST", () => `${AUTH}/logout`, {}],
    ["GET", () => `${AUTH}/openid-connect/start`],
    ["POST", () => `${AUTH}/passkey/options`, {}],
  ];
  it.each(accountRoutes.map(([method, url, data]) => [`${method} ${url("{id}")}`, method, url, data] as const))(
    "refuses %s (403) to a key, an administrator's too",
    async (_, method, url, data) => {
      const { session, key } = await adminKey();
      const response = await withKey(t, key, method, url(session.subjectId), data);
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/API key cannot call/);
    },
  );

  it("a key may still ask who its subject is", async () => {
    const key = await newKey(t, editor, ["read"]);
    const me = await withKey(t, key, "GET", `${AUTH}/me`);
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(editor.subjectId);
  });

  it("an administrator's key loses the admin routes the moment the role is taken away", async () => {
    const chief = await register(t, "chief@example.com");
    const roles = await t.request({
      method: "GET",
      url: "/api/rbac/roles?filters[and][0][column]=uid&filters[and][0][method]=eq&filters[and][0][value]=admin",
    });
    const held = await t.request({
      method: "POST",
      url: "/api/rbac/subjects-to-roles",
      payload: { data: { subjectId: chief.subjectId, roleId: roles.body.data[0].id } },
    });
    expect(held.status).toBe(201);
    const key = await newKey(t, chief, ["read", "write"]);
    expect((await withKey(t, key, "GET", "/api/rbac/roles")).status).toBe(200);
    expect(
      (await t.request({ method: "DELETE", url: `/api/rbac/subjects-to-roles/${held.body.data.id}` })).status,
    ).toBe(200);
    expect((await withKey(t, key, "GET", "/api/rbac/roles")).status).toBe(403);
    expect((await withKey(t, key, "GET", `/api/rbac/subjects/${chief.subjectId}`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../../helpers/test-app.js";
import { PASSWORD, bearer, register, signIn, type SignedIn } from "../helpers.js";
import { createKey, keysUrl, newKey, withKey } from "./helpers.js";

describe(`API keys: POST, GET and DELETE {subjects}/{id}/api-keys, on ${testDialect}`, () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
    admin = await signIn(t, "admin@example.com", "admin password");
  });
  afterAll(() => t.close());

  let n = 0;
  const person = () => register(t, `keys${++n}@example.com`);
  const list = (as: SignedIn, subjectId = as.subjectId) =>
    t.request({ method: "GET", url: keysUrl(subjectId), key: null, headers: bearer(as.jwt) });
  const revoke = (as: SignedIn, keyId: string, subjectId = as.subjectId) =>
    t.request({ method: "DELETE", url: `${keysUrl(subjectId)}/${keyId}`, key: null, headers: bearer(as.jwt) });
  const storedRows = (subjectId: string) =>
    t.app.rbac.db.selectFrom("rbac/api-keys").selectAll().where("subjectId", "=", subjectId).execute();

  it("answers the key once, lists it without the key, and keeps only its keyed hash", async () => {
    const ann = await person();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const made = await createKey(t, ann, { title: " Backup script ", scopes: ["read"], expiresAt });
    expect(made.status).toBe(201);
    const { key, ...shown } = made.body.data;
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(shown).toMatchObject({ title: "Backup script", scopes: ["read"], expiresAt, lastUsedAt: null });
    expect(key.startsWith(shown.prefix)).toBe(true);
    expect(shown.prefix.length).toBeLessThan(12);

    const listed = await list(ann);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([shown]);
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(
      ["createdAt", "expiresAt", "id", "lastUsedAt", "prefix", "scopes", "title"].sort(),
    );
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const [row] = await storedRows(ann.subjectId);
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.keyHash).not.toContain(key.slice(3));
  });

  it("revokes a key: it leaves the list and is refused (401) at once", async () => {
    const ann = await person();
    const key = await newKey(t, ann, ["read"]);
    const me = `/api/rbac/subjects/${ann.subjectId}`;
    expect((await withKey(t, key, "GET", me)).status).toBe(200);
    const [{ id }] = (await list(ann)).body.data;
    expect((await revoke(ann, id)).body).toEqual({ data: { id, revoked: true } });
    const refused = await withKey(t, key, "GET", me);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/API key/);
    expect((await list(ann)).body.data).toEqual([]);
    expect((await revoke(ann, id)).status).toBe(404);
  });

  it("lets an administrator list and revoke a person's keys, never make one; another subject none of it", async () => {
    const [ann, bob] = [await person(), await person()];
    await newKey(t, ann, ["read"]);
    const [{ id }] = (await list(admin, ann.subjectId)).body.data;
    expect((await createKey(t, admin, { title: "x", scopes: ["read"] }, ann.subjectId)).status).toBe(403);
    expect((await list(bob, ann.subjectId)).status).toBe(403);
    expect((await revoke(bob, id, ann.subjectId)).status).toBe(403);
    expect((await createKey(t, bob, { title: "x", scopes: ["read"] }, ann.subjectId)).status).toBe(403);
    expect((await revoke(admin, id, ann.subjectId)).status).toBe(200);
    expect((await list(ann)).body.data).toEqual([]);
    // The secret key may list and revoke; making a key needs the person signed in.
    const secretList = await t.request({ method: "GET", url: keysUrl(ann.subjectId) });
    expect(secretList.status).toBe(200);
    const secretCreate = await t.request({
      method: "POST",
      url: keysUrl(ann.subjectId),
      payload: { data: { title: "x", scopes: ["read"] } },
    });
    expect(secretCreate.status).toBe(401);
  });

  it("needs the current password when the sign-in is older than ten minutes", async () => {
    const ann = await person();
    // The sign-in made to look old: its refresh token's first one dated eleven minutes back.
    await t.app.rbac.db
      .updateTable("rbac/refresh-tokens")
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where("subjectId", "=", ann.subjectId)
      .execute();
    const withoutPassword = await createKey(t, ann, { title: "x", scopes: ["read"] });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.cause).toEqual([{ path: "/currentPassword", message: "is required" }]);
    const wrong = await createKey(t, ann, { title: "x", scopes: ["read"], currentPassword: "not it" });
    expect(wrong.status).toBe(400);
    const right = await createKey(t, ann, { title: "x", scopes: ["read"], currentPassword: PASSWORD });
    expect(right.status).toBe(201);
  });

  const future = () => new Date(Date.now() + 3_600_000).toISOString();
  const invalid: [string, object, string][] = [
    ["no title", { scopes: ["read"] }, "/title"],
    ["an empty title", { title: "", scopes: ["read"] }, "/title"],
    ["a blank title", { title: "   ", scopes: ["read"] }, "/title"],
    ["a title over 100 characters", { title: "x".repeat(101), scopes: ["read"] }, "/title"],
    ["no scopes", { title: "x" }, "/scopes"],
    ["empty scopes", { title: "x", scopes: [] }, "/scopes"],
    ["an unknown scope", { title: "x", scopes: ["admin"] }, "/scopes/0"],
    ["a route outside /api", { title: "x", scopes: [{ method: "GET", route: "/admin" }] }, "/scopes/0"],
    ["an unknown method", { title: "x", scopes: [{ method: "TRACE", route: "/api/blog/articles" }] }, "/scopes/0"],
    ["** before the end", { title: "x", scopes: [{ method: "GET", route: "/api/**/articles" }] }, "/scopes/0/route"],
    ["a past expiry", { title: "x", scopes: ["read"], expiresAt: "2020-01-01T00:00:00Z" }, "/expiresAt"],
    ["an expiry that is no date", { title: "x", scopes: ["read"], expiresAt: "tomorrow" }, "/expiresAt"],
    ["an unknown field", { title: "x", scopes: ["read"], owner: "me" }, "/owner"],
  ];
  it.each(invalid)("refuses %s with a Validation error naming the field", async (_, data, path) => {
    const ann = await person();
    const response = await createKey(t, ann, data);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.cause.map((c: { path: string }) => c.path)).toContain(path);
    expect((await list(ann)).body.data).toEqual([]);
    // A good body with the same subject is accepted, so the refusal was the body's.
    expect((await createKey(t, ann, { title: "x", scopes: ["read"], expiresAt: future() })).status).toBe(201);
  });

  it("holds at most 20 live keys: the 21st is a 409 until one is revoked", async () => {
    const ann = await person();
    for (let i = 0; i < 20; i++) await newKey(t, ann, ["read"]);
    const refused = await createKey(t, ann, { title: "one too many", scopes: ["read"] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("CONFLICT");
    const [first] = (await list(ann)).body.data;
    await revoke(ann, first.id);
    expect((await createKey(t, ann, { title: "in its place", scopes: ["read"] })).status).toBe(201);
  });

  it("notes a key's last use, at most once a minute", async () => {
    const ann = await person();
    const key = await newKey(t, ann, ["read"]);
    const me = `/api/rbac/subjects/${ann.subjectId}`;
    expect((await list(ann)).body.data[0].lastUsedAt).toBeNull();
    await withKey(t, key, "GET", me);
    await t.app.rbac.background.settled();
    const first = (await list(ann)).body.data[0].lastUsedAt;
    expect(Date.now() - Date.parse(first)).toBeLessThan(60_000);
    await withKey(t, key, "GET", me);
    await t.app.rbac.background.settled();
    expect((await list(ann)).body.data[0].lastUsedAt).toBe(first);
  });
});

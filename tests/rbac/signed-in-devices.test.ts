import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, bearer, register, type SignedIn } from "./helpers.js";

const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe(`signed-in devices: GET and DELETE {subjects}/{id}/sessions, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  let n = 0;
  const signInFrom = async (email: string, userAgent: string): Promise<SignedIn> => {
    const response = await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      headers: { "user-agent": userAgent },
      payload: { login: email, password: PASSWORD },
    });
    expect(response.status).toBe(200);
    const { jwt, refresh } = response.body.data;
    return { subjectId: JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).sub, jwt, refresh };
  };
  const sessions = (as: SignedIn, subjectId = as.subjectId) =>
    t.request({ method: "GET", url: `/api/rbac/subjects/${subjectId}/sessions`, key: null, headers: bearer(as.jwt) });
  const revoke = (as: SignedIn, sessionId: string, subjectId = as.subjectId) =>
    t.request({
      method: "DELETE",
      url: `/api/rbac/subjects/${subjectId}/sessions/${sessionId}`,
      key: null,
      headers: bearer(as.jwt),
    });
  const me = (jwt: string) => t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });
  const refresh = (token: string, userAgent = "lightMyRequest") =>
    t.request({
      method: "POST",
      url: `${AUTH}/refresh`,
      key: null,
      headers: { "user-agent": userAgent },
      payload: { refresh: token },
    });
  const account = async () => {
    const email = `device${++n}@example.com`;
    await register(t, email);
    return {
      email,
      mac: await signInFrom(email, MAC_CHROME),
      phone: await signInFrom(email, IPHONE_SAFARI),
    };
  };
  const sidOf = (jwt: string): string => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).sid;

  it("lists each live sign-in with its device in words, address and times, the caller's marked current", async () => {
    const { mac, phone } = await account();
    const listed = await sessions(mac);
    expect(listed.status).toBe(200);
    const rows = listed.body.data;
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r: any) => [r.id, r]));
    expect(byId.get(sidOf(mac.jwt))).toMatchObject({
      device: "Chrome on macOS",
      browser: "Chrome",
      os: "macOS",
      address: "127.0.0.1",
      current: true,
    });
    expect(byId.get(sidOf(phone.jwt))).toMatchObject({ device: "Safari on iPhone", current: false });
    expect(rows.filter((r: any) => r.current)).toHaveLength(1);
    for (const row of rows) {
      expect(Date.parse(row.signedInAt)).toBeLessThanOrEqual(Date.parse(row.lastUsedAt));
      // Nothing of a token leaves the server.
      expect(Object.keys(row).sort()).toEqual(
        ["address", "browser", "current", "device", "id", "lastUsedAt", "os", "signedInAt", "userAgent"].sort(),
      );
    }
  });

  it("a refresh is the last use: the sign-in keeps its id and start, its last use and device move on", async () => {
    const { mac } = await account();
    const before = (await sessions(mac)).body.data.find((r: any) => r.current);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renewed = await refresh(mac.refresh, IPHONE_SAFARI);
    expect(renewed.status).toBe(200);
    const next = { ...mac, jwt: renewed.body.data.jwt };
    const after = (await sessions(next)).body.data.find((r: any) => r.current);
    expect(after).toMatchObject({ id: before.id, signedInAt: before.signedInAt, device: "Safari on iPhone" });
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));
  });

  it("signing a device out refuses its refresh token and its session token at once; the caller goes on", async () => {
    const { mac, phone } = await account();
    expect((await me(phone.jwt)).status).toBe(200);
    const out = await revoke(mac, sidOf(phone.jwt));
    expect(out).toMatchObject({ status: 200, body: { data: { id: sidOf(phone.jwt), revoked: true } } });
    expect((await me(phone.jwt)).status).toBe(401);
    expect((await refresh(phone.refresh)).status).toBe(401);
    expect((await me(mac.jwt)).status).toBe(200);
    const left = (await sessions(mac)).body.data.map((r: any) => r.id);
    expect(left).not.toContain(sidOf(phone.jwt));
    expect(left).toContain(sidOf(mac.jwt));
    // Already signed out: nothing left to end.
    expect((await revoke(mac, sidOf(phone.jwt))).status).toBe(404);
  });

  it("sign out everywhere else ends every other sign-in and keeps the caller's", async () => {
    const { mac, phone } = await account();
    const out = await t.request({
      method: "DELETE",
      url: `/api/rbac/subjects/${mac.subjectId}/sessions`,
      key: null,
      headers: bearer(mac.jwt),
    });
    expect(out).toMatchObject({ status: 200, body: { data: { revoked: 2 } } });
    expect((await me(phone.jwt)).status).toBe(401);
    expect((await refresh(phone.refresh)).status).toBe(401);
    expect((await me(mac.jwt)).status).toBe(200);
    expect((await sessions(mac)).body.data.map((r: any) => r.id)).toEqual([sidOf(mac.jwt)]);
    expect((await refresh(mac.refresh)).status).toBe(200);
  });

  it("another subject's sign-ins can be neither listed nor ended, even by their id", async () => {
    const ann = await account();
    const bob = await account();
    expect((await sessions(bob.mac, ann.mac.subjectId)).status).toBe(403);
    expect((await revoke(bob.mac, sidOf(ann.phone.jwt), ann.mac.subjectId)).status).toBe(403);
    // Ann's sign-in id under Bob's own subject: not Bob's, so nothing is ended.
    expect((await revoke(bob.mac, sidOf(ann.phone.jwt))).status).toBe(404);
    expect((await me(ann.phone.jwt)).status).toBe(200);
    const anonymous = await t.request({
      method: "GET",
      url: `/api/rbac/subjects/${ann.mac.subjectId}/sessions`,
      key: null,
    });
    expect(anonymous.status).toBe(401);
  });

  it("the secret key may list and end anyone's sign-ins", async () => {
    const { mac, phone } = await account();
    const listed = await t.request({ method: "GET", url: `/api/rbac/subjects/${mac.subjectId}/sessions` });
    expect(listed.body.data.every((r: any) => r.current === false)).toBe(true);
    const out = await t.request({ method: "DELETE", url: `/api/rbac/subjects/${mac.subjectId}/sessions` });
    expect(out.body.data.revoked).toBe(3);
    expect((await me(phone.jwt)).status).toBe(401);
  });

  it.each([
    ["a subject id that is not a uuid", "/api/rbac/subjects/nope/sessions"],
    ["a sign-in id that is not a uuid", "/api/rbac/subjects/{id}/sessions/nope"],
  ])("refuses %s with a 400", async (_, url) => {
    const { mac } = await account();
    const response = await t.request({
      method: url.endsWith("nope") && url.includes("{id}") ? "DELETE" : "GET",
      url: url.replace("{id}", mac.subjectId),
      key: null,
      headers: bearer(mac.jwt),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Validation error/);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../../helpers/test-app.js";
import { PASSWORD, register } from "../helpers.js";
import { ORIGIN, accountWithPasskey, call, passkeysOf, registrationOf } from "./passkey-session.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});
afterAll(() => t.close());

const VISIBLE = ["createdAt", "id", "lastUsedAt", "title", "transports"];

/** Makes the session's sign-in older than the ten minutes in which no password is asked again. */
const ageSignIn = (subjectId: string) =>
  t.app.rbac.db
    .updateTable("rbac/refresh-tokens")
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where("subjectId", "=", subjectId)
    .execute();

describe(`registering and managing passkeys, on ${testDialect}`, () => {
  test("the subject registers a passkey for this site; lists show title and dates, never the key or counter", async () => {
    const session = await register(t, "reg-ann@example.com");
    const options = await call(t, session, "POST", `${passkeysOf(session.subjectId)}/options`, {});
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({
      rp: { id: "shop.example.com" },
      user: { name: "reg-ann@example.com", id: Buffer.from(session.subjectId).toString("base64url") },
      attestation: "none",
      authenticatorSelection: { residentKey: "required" },
    });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const credential = authenticator.register(options.body.data);
    const made = await call(t, session, "POST", passkeysOf(session.subjectId), {
      credential,
      title: "  MacBook passkey ",
    });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body.data).sort()).toEqual(VISIBLE);
    expect(made.body.data).toMatchObject({ title: "MacBook passkey", transports: ["internal"], lastUsedAt: null });
    const list = await call(t, session, "GET", passkeysOf(session.subjectId));
    expect(list.body.data.map((p: object) => Object.keys(p).sort())).toEqual([VISIBLE]);
    const stored = await t.app.rbac.db
      .selectFrom("rbac/passkeys")
      .selectAll()
      .where("id", "=", made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ subjectId: session.subjectId, credentialId: authenticator.id, counter: 0 });
    expect(stored.publicKey).toMatch(/^[A-Za-z0-9_-]{60,}$/);
    // A second registration names the first as excluded: the browser will not make two on one authenticator.
    const next = await call(t, session, "POST", `${passkeysOf(session.subjectId)}/options`, {});
    expect(next.body.data.excludeCredentials).toEqual([
      { id: authenticator.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  test("renames and removes its own passkey; another subject's id answers as an unknown one", async () => {
    const ann = await accountWithPasskey(t, "reg-owner@example.com");
    const bob = await register(t, "reg-other@example.com");
    const annPasskey = `${passkeysOf(ann.session.subjectId)}/${ann.passkey.id}`;
    const renamed = await call(t, ann.session, "PATCH", annPasskey, { title: "Phone" });
    expect(renamed.body.data.title).toBe("Phone");
    // Bob through his own path with Ann's passkey id: the unknown id's 404. Through Ann's path: not his (403).
    const viaOwn = `${passkeysOf(bob.subjectId)}/${ann.passkey.id}`;
    expect((await call(t, bob, "DELETE", viaOwn)).status).toBe(404);
    expect((await call(t, bob, "PATCH", viaOwn, { title: "Mine" })).status).toBe(404);
    expect((await call(t, bob, "DELETE", annPasskey)).status).toBe(403);
    expect((await call(t, bob, "GET", passkeysOf(ann.session.subjectId))).status).toBe(403);
    expect((await call(t, undefined, "GET", passkeysOf(ann.session.subjectId))).status).toBe(401);
    expect((await call(t, ann.session, "GET", passkeysOf(ann.session.subjectId))).body.data).toHaveLength(1);
    const removed = await call(t, ann.session, "DELETE", annPasskey);
    expect(removed.status).toBe(200);
    expect((await call(t, ann.session, "GET", passkeysOf(ann.session.subjectId))).body.data).toEqual([]);
    expect((await call(t, ann.session, "DELETE", annPasskey)).status).toBe(404);
  });

  test("a registration challenge is single use, expires, and belongs to its subject and ceremony", async () => {
    const ann = await register(t, "reg-challenge@example.com");
    const bob = await register(t, "reg-challenge-bob@example.com");
    const first = new SoftwareAuthenticator(ORIGIN);
    const credential = await registrationOf(t, ann, first);
    expect((await call(t, ann, "POST", passkeysOf(ann.subjectId), { credential, title: "One" })).status).toBe(201);
    // The same answer again: spent.
    const replay = await call(t, ann, "POST", passkeysOf(ann.subjectId), { credential, title: "Again" });
    expect(replay.status).toBe(401);
    // Ann's challenge answered into Bob's account.
    const forAnn = await registrationOf(t, ann, new SoftwareAuthenticator(ORIGIN));
    expect(
      (await call(t, bob, "POST", passkeysOf(bob.subjectId), { credential: forAnn, title: "Stolen" })).status,
    ).toBe(401);
    // A sign-in challenge used to register.
    const signIn = (await call(t, undefined, "POST", "/api/rbac/subjects/authentication/passkey/options")).body.data;
    const crossed = new SoftwareAuthenticator(ORIGIN).register({ challenge: signIn.challenge, user: { id: "eA" } });
    expect(
      (await call(t, ann, "POST", passkeysOf(ann.subjectId), { credential: crossed, title: "Crossed" })).status,
    ).toBe(401);
    // An expired one.
    const late = await registrationOf(t, ann, new SoftwareAuthenticator(ORIGIN));
    await t.app.rbac.db
      .updateTable("rbac/passkey-challenges")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("subjectId", "=", ann.subjectId)
      .where("usedAt", "is", null)
      .execute();
    expect((await call(t, ann, "POST", passkeysOf(ann.subjectId), { credential: late, title: "Late" })).status).toBe(
      401,
    );
    expect(
      (await call(t, ann, "GET", passkeysOf(ann.subjectId))).body.data.map((p: { title: string }) => p.title),
    ).toEqual(["One"]);
  });

  test("another site's answer, and a credential already registered (to anyone), are refused", async () => {
    const ann = await accountWithPasskey(t, "reg-dup@example.com");
    const bob = await register(t, "reg-dup-bob@example.com");
    const evil = new SoftwareAuthenticator("https://evil.example.net");
    const elsewhere = await registrationOf(t, bob, evil);
    expect(
      (await call(t, bob, "POST", passkeysOf(bob.subjectId), { credential: elsewhere, title: "Evil" })).status,
    ).toBe(400);
    // Ann's authenticator (same credential id) registered again, into Bob's account: a 409, not moved.
    const again = await registrationOf(t, bob, ann.authenticator);
    const taken = await call(t, bob, "POST", passkeysOf(bob.subjectId), { credential: again, title: "Copy" });
    expect(taken.status).toBe(409);
    expect((await call(t, bob, "GET", passkeysOf(bob.subjectId))).body.data).toEqual([]);
  });

  test("registering needs the subject itself, signed in recently or with its password, and an account with a sign-in method", async () => {
    const ann = await register(t, "reg-proof@example.com");
    await ageSignIn(ann.subjectId);
    const options = `${passkeysOf(ann.subjectId)}/options`;
    const asked = await call(t, ann, "POST", options, {});
    expect(asked.status).toBe(400);
    expect(asked.body.message).toMatch(/currentPassword/);
    expect((await call(t, ann, "POST", options, { currentPassword: "wrong password" })).status).toBe(400);
    expect((await call(t, ann, "POST", options, { currentPassword: PASSWORD })).status).toBe(200);
    // The secret key cannot put its own authenticator into someone's account: it is no one, so "sign in first".
    const byKey = await t.request({ method: "POST", url: options, payload: { data: {} } });
    expect(byKey.status).toBe(401);
    expect(byKey.body.message).toMatch(/sign in first/);
    expect((await call(t, undefined, "POST", options, {})).status).toBe(401);
    // A guest session (no identity yet) has no account to add a passkey to.
    const guest = (await t.request({ method: "GET", url: "/api/rbac/subjects/authentication/init", key: null })).body
      .data;
    const guestId = JSON.parse(Buffer.from(guest.jwt.split(".")[1], "base64url").toString()).sub;
    const refused = await call(t, { ...guest, subjectId: guestId }, "POST", `${passkeysOf(guestId)}/options`, {});
    expect(refused.status).toBe(409);
  });

  test("bad bodies are 400s naming the field, never 500s", async () => {
    const ann = await register(t, "reg-bodies@example.com");
    const url = passkeysOf(ann.subjectId);
    const credential = await registrationOf(t, ann, new SoftwareAuthenticator(ORIGIN));
    const cases: [unknown, string][] = [
      [{ credential }, "title"],
      [{ credential, title: "" }, "/title"],
      [{ credential, title: "x".repeat(101) }, "/title"],
      [{ credential: { ...credential, response: { clientDataJSON: "%%" } }, title: "A" }, "/credential"],
      [{ credential: "x", title: "A" }, "/credential"],
    ];
    for (const [data, field] of cases) {
      const answer = await call(t, ann, "POST", url, data);
      expect(answer.status, JSON.stringify(data).slice(0, 80)).toBe(400);
      expect(answer.body.message).toContain(field);
    }
    const garbage = { ...credential, response: { ...credential.response, attestationObject: "AAAA" } };
    expect((await call(t, ann, "POST", url, { credential: garbage, title: "A" })).status).toBe(400);
    expect((await call(t, ann, "PATCH", `${url}/not-a-uuid`, { title: "A" })).status).toBe(400);
    expect((await call(t, ann, "PATCH", `${url}/00000000-0000-4000-8000-000000000000`, { title: " " })).status).toBe(
      400,
    );
  });
});

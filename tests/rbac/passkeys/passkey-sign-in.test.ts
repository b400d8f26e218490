import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../../helpers/test-app.js";
import { AUTH, register, subjectOf } from "../helpers.js";
import {
  ORIGIN,
  accountWithPasskey,
  call,
  passkeySignIn,
  passkeysOf,
  registrationOf,
  signInOptions,
} from "./passkey-session.js";
import { SoftwareAuthenticator, USER_PRESENT_ONLY } from "./software-authenticator.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});
afterAll(() => t.close());

const cookieNames = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().map((c) => c.split("=")[0]);

describe(`signing in with a passkey alone, on ${testDialect}`, () => {
  test("options name no credential; the passkey answers a session as the email sign-in does (body, cookies, refresh)", async () => {
    const { session, authenticator } = await accountWithPasskey(t, "pk-sign-in@example.com");
    const options = await signInOptions(t);
    expect(options.rpId).toBe("shop.example.com");
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await passkeySignIn(t, authenticator.assert(options));
    expect(answer.statusCode).toBe(200);
    const { data } = answer.json();
    expect(Object.keys(data).sort()).toEqual(["jwt", "refresh"]);
    expect(subjectOf(data.jwt)).toBe(session.subjectId);
    expect(cookieNames(answer.headers["set-cookie"])).toEqual(
      expect.arrayContaining(["rbac.subject.jwt", "rbac.subject.refresh"]),
    );
    const email = await t.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      payload: { login: "pk-sign-in@example.com", password: "correct horse battery" },
    });
    expect(cookieNames(email.headers["set-cookie"])).toEqual(cookieNames(answer.headers["set-cookie"]));
    const refreshed = await call(t, undefined, "POST", `${AUTH}/refresh`, { refresh: data.refresh });
    expect(refreshed.status).toBe(200);
    expect(subjectOf(refreshed.body.data.jwt)).toBe(session.subjectId);
    const list = await call(t, session, "GET", passkeysOf(session.subjectId));
    expect(new Date(list.body.data[0].lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("a counter at or below the stored one (a cloned authenticator) is refused; a higher one signs in", async () => {
    const { authenticator } = await accountWithPasskey(t, "pk-counter@example.com");
    expect((await passkeySignIn(t, authenticator.assert(await signInOptions(t), { counter: 5 }))).statusCode).toBe(200);
    for (const counter of [5, 4, 0]) {
      const clone = await passkeySignIn(t, authenticator.assert(await signInOptions(t), { counter }));
      expect(clone.statusCode, `counter ${counter}`).toBe(401);
      expect(clone.json().message).toMatch(/counter/);
    }
    expect((await passkeySignIn(t, authenticator.assert(await signInOptions(t), { counter: 6 }))).statusCode).toBe(200);
  });

  test("a sign-in challenge is spent once: the same answer again, or another answer to it, is refused", async () => {
    const { authenticator } = await accountWithPasskey(t, "pk-replay@example.com");
    const options = await signInOptions(t);
    const first = authenticator.assert(options);
    expect((await passkeySignIn(t, first)).statusCode).toBe(200);
    expect((await passkeySignIn(t, first)).statusCode).toBe(401);
    const again = await passkeySignIn(t, authenticator.assert(options, { counter: 100 }));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/challenge/);
  });

  test("an expired challenge, one never issued, and a registration's challenge are refused", async () => {
    const { session, authenticator } = await accountWithPasskey(t, "pk-challenges@example.com");
    const expired = await signInOptions(t);
    await t.app.rbac.db
      .updateTable("rbac/passkey-challenges")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("usedAt", "is", null)
      .where("ceremony", "=", "authentication")
      .execute();
    expect((await passkeySignIn(t, authenticator.assert(expired))).statusCode).toBe(401);
    const foreign = { challenge: Buffer.from("not issued here, ever").toString("base64url") };
    expect((await passkeySignIn(t, authenticator.assert(foreign))).statusCode).toBe(401);
    const registration = await call(t, session, "POST", `${passkeysOf(session.subjectId)}/options`, {});
    const crossed = await passkeySignIn(t, authenticator.assert(registration.body.data));
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().message).toMatch(/challenge/);
    // None of those moved the counter: the next real sign-in still works.
    expect((await passkeySignIn(t, authenticator.assert(await signInOptions(t)))).statusCode).toBe(200);
  });

  test("a passkey cannot sign in as another account, from another site, without user verification, or once removed", async () => {
    const ann = await accountWithPasskey(t, "pk-ann@example.com");
    const bob = await register(t, "pk-bob@example.com");
    const asBob = ann.authenticator.assert(await signInOptions(t), {
      userHandle: Buffer.from(bob.subjectId).toString("base64url"),
    });
    expect((await passkeySignIn(t, asBob)).statusCode).toBe(401);
    const noHandle = ann.authenticator.assert(await signInOptions(t), { userHandle: "" });
    expect((await passkeySignIn(t, noHandle)).statusCode).toBe(401);

    const elsewhere = new SoftwareAuthenticator("https://evil.example.net", "shop.example.com");
    Object.assign(elsewhere, { credentialId: Buffer.from(ann.authenticator.id, "base64url") });
    elsewhere.userHandle = ann.authenticator.userHandle;
    expect((await passkeySignIn(t, elsewhere.assert(await signInOptions(t)))).statusCode).toBe(401);

    const unverified = ann.authenticator.assert(await signInOptions(t), { flags: USER_PRESENT_ONLY });
    expect((await passkeySignIn(t, unverified)).statusCode).toBe(401);

    const removed = await call(t, ann.session, "DELETE", `${passkeysOf(ann.session.subjectId)}/${ann.passkey.id}`);
    expect(removed.status).toBe(200);
    const gone = await passkeySignIn(t, ann.authenticator.assert(await signInOptions(t)));
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toMatch(/not registered/);
  });

  test("a malformed answer is a 400 naming the field, never a 500", async () => {
    const bodies = [
      {},
      { credential: "x" },
      { credential: { id: "a", rawId: "a", type: "public-key" } },
      {
        credential: {
          id: "a b",
          rawId: "a",
          type: "public-key",
          response: { clientDataJSON: "a", authenticatorData: "a", signature: "a" },
        },
      },
    ];
    for (const data of bodies) {
      const answer = await t.app.inject({ method: "POST", url: `${AUTH}/passkey`, payload: { data } });
      expect(answer.statusCode, JSON.stringify(data)).toBe(400);
    }
    const garbage = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
    };
    expect((await passkeySignIn(t, garbage)).statusCode).toBe(401);
  });

  test("a registration answer is not taken for a sign-in of the same credential", async () => {
    const session = await register(t, "pk-create-as-get@example.com");
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const credential = await registrationOf(t, session, authenticator);
    const asSignIn = {
      ...credential,
      response: { clientDataJSON: credential.response.clientDataJSON, authenticatorData: "AAAA", signature: "AAAA" },
    };
    expect((await passkeySignIn(t, asSignIn)).statusCode).toBe(401);
  });
});

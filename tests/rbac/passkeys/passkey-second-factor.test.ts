import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../../helpers/test-app.js";
import { AUTH, register, subjectOf } from "../helpers.js";
import { enrol, passwordStep, testClock } from "../two-factor/helpers.js";
import { ORIGIN, accountWithPasskey, passkeySignIn, signInOptions } from "./passkey-session.js";
import { SoftwareAuthenticator, USER_PRESENT_ONLY } from "./software-authenticator.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});
afterAll(() => t.close());

const options = (token: string) =>
  t.app.inject({ method: "POST", url: `${AUTH}/two-factor/passkey/options`, payload: { data: { token } } });
const finish = (token: string, credential: unknown) =>
  t.app.inject({ method: "POST", url: `${AUTH}/two-factor/passkey`, payload: { data: { token, credential } } });

/** An account with a passkey and TOTP on, and the token of a password sign-in waiting for its second step. */
async function waitingSignIn(login: string) {
  const account = await accountWithPasskey(t, login);
  await enrol(t, account.session, testClock(t));
  const first = await passwordStep(t, login);
  expect(first.body.data.twoFactor.required).toBe(true);
  return { ...account, token: first.body.data.twoFactor.token as string };
}

describe(`a passkey as the second step of a password sign-in, on ${testDialect}`, () => {
  test("options name the subject's own passkeys; the passkey (no user verification needed) finishes the sign-in once", async () => {
    const { session, authenticator, token } = await waitingSignIn("second-ann@example.com");
    const asked = await options(token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.allowCredentials).toEqual([
      { id: authenticator.id, type: "public-key", transports: ["internal"] },
    ]);
    const answer = await finish(token, authenticator.assert(asked.json().data, { flags: USER_PRESENT_ONLY }));
    expect(answer.statusCode).toBe(200);
    expect(subjectOf(answer.json().data.jwt)).toBe(session.subjectId);
    expect([answer.headers["set-cookie"]].flat().map((c) => String(c).split("=")[0])).toEqual(
      expect.arrayContaining(["rbac.subject.jwt", "rbac.subject.refresh"]),
    );
    // The token is spent: neither another passkey answer nor new options take it again.
    expect((await options(token)).statusCode).toBe(401);
  });

  test("another account's passkey, a passwordless sign-in's challenge and a dead token are refused; a refusal counts as a wrong code", async () => {
    const ann = await waitingSignIn("second-owner@example.com");
    const bob = await accountWithPasskey(t, "second-other@example.com");
    // Bob's passkey answering Ann's options: not one of Ann's.
    const forAnn = (await options(ann.token)).json().data;
    expect((await finish(ann.token, bob.authenticator.assert(forAnn))).statusCode).toBe(401);
    // Ann's own passkey answering a challenge of the passwordless sign-in (bound to nobody).
    const loose = await finish(ann.token, ann.authenticator.assert(await signInOptions(t)));
    expect(loose.statusCode).toBe(401);
    expect(loose.json().message).toMatch(/challenge/);
    // And a second-step challenge is not a passwordless sign-in's.
    const bound = (await options(ann.token)).json().data;
    expect((await passkeySignIn(t, ann.authenticator.assert(bound))).statusCode).toBe(401);
    // Five refusals end the token, as five wrong codes do.
    for (let i = 0; i < 3; i++) {
      const again = (await options(ann.token)).json().data;
      expect((await finish(ann.token, bob.authenticator.assert(again))).statusCode).toBe(401);
    }
    expect((await options(ann.token)).statusCode).toBe(401);
    expect((await finish("x".repeat(43), ann.authenticator.assert(bound))).statusCode).toBe(401);
  });

  test("an account without a passkey gets no options; bad bodies are 400s", async () => {
    const session = await register(t, "second-nokey@example.com");
    await enrol(t, session, testClock(t));
    const token = (await passwordStep(t, "second-nokey@example.com")).body.data.twoFactor.token;
    expect((await options(token)).statusCode).toBe(409);
    expect((await options("short")).statusCode).toBe(400);
    const stray = new SoftwareAuthenticator(ORIGIN).assert({ challenge: "AAAA" });
    expect((await finish(token, { ...stray, response: { clientDataJSON: "AAAA" } })).statusCode).toBe(400);
  });
});

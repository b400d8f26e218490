import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../../helpers/test-app.js";
import { SmtpPeer, textBody } from "../../notification/smtp-peer.js";
import { AUTH, PASSWORD, as, register, signIn, type SignedIn } from "../helpers.js";
import { enrol, testClock, twoFactorUrl, type TestClock } from "./helpers.js";

const PUBLIC_URL = "https://shop.example.com";
const ADMIN = "admin@example.com";

// An administrator's reset of someone's two-factor sign-in (a lost phone, no recovery code left):
// DELETE /api/rbac/subjects/{id}/two-factor (docs/security.md "Two-factor sign-in").
describe(`an administrator resets a subject's two-factor sign-in, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  let t: TestApp;
  let clock: TestClock;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, adminEmail: ADMIN, adminPassword: PASSWORD });
    clock = testClock(t);
    admin = await signIn(t, ADMIN);
    ann = await register(t, "ann@example.com");
    bob = await register(t, "bob@example.com");
    await enrol(t, ann, clock);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  const passwordSignIn = (login: string) =>
    t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      payload: { login, password: PASSWORD },
    });

  test.each([
    ["the subject itself", (): SignedIn => ann, "GET", 200],
    ["an administrator", (): SignedIn => admin, "GET", 200],
    ["another subject", (): SignedIn => bob, "GET", 403],
    ["no session", (): SignedIn | undefined => undefined, "GET", 401],
    ["the subject itself (it turns it off with its password and a code)", (): SignedIn => ann, "DELETE", 403],
    ["another subject", (): SignedIn => bob, "DELETE", 403],
    ["no session", (): SignedIn | undefined => undefined, "DELETE", 401],
  ] as const)("%s: %s → %i", async (_who, session, method, status) => {
    const answer = await as(t, session())({ method, url: twoFactorUrl(ann.subjectId) });
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  test("the reset turns it off: the password alone signs in, the owner is mailed, a second reset is a 409", async () => {
    expect((await passwordSignIn("ann@example.com")).body.data.twoFactor.required).toBe(true);
    const reset = await as(t, admin)({ method: "DELETE", url: twoFactorUrl(ann.subjectId) });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const signedIn = await passwordSignIn("ann@example.com");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.jwt).toEqual(expect.any(String));
    expect(signedIn.body.data.twoFactor).toBeUndefined();
    const state = await as(t, ann)({ method: "GET", url: twoFactorUrl(ann.subjectId) });
    expect(state.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    await t.app.rbac.background.settled();
    await t.app.rbac.mailer.flush();
    const mail = smtp.received.find((m) => m.to.includes("ann@example.com"));
    expect(mail?.subject).toBe("Two-factor sign-in was turned off for your account");
    expect(textBody(mail!.raw)).toContain(`${PUBLIC_URL}/rbac/subjects/settings`);

    const again = await as(t, admin)({ method: "DELETE", url: twoFactorUrl(ann.subjectId) });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/not on for this subject/);
  });

  test("the secret key may reset it too; a subject that never had it is a 409", async () => {
    const carol = await register(t, "carol@example.com");
    await enrol(t, carol, clock);
    const byKey = await t.request({ method: "DELETE", url: twoFactorUrl(carol.subjectId) });
    expect(byKey.status).toBe(200);
    expect((await t.request({ method: "DELETE", url: twoFactorUrl(bob.subjectId) })).status).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { totpAt } from "../../../server/modules/rbac/two-factor/totp.js";
import { PASSWORD, as, register, signIn, type SignedIn } from "../helpers.js";
import { enrol, passwordStep, testClock, twoFactorUrl, type TestClock } from "./helpers.js";

let t: TestApp;
let clock: TestClock;
let ann: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  clock = testClock(t);
  ann = await register(t, "ann@example.com");
  bob = await register(t, "bob@example.com");
});
afterAll(() => t.close());

const url = (s: SignedIn, rest = "") => `${twoFactorUrl(s.subjectId)}${rest}`;

describe("setting up TOTP", () => {
  test("starts off", async () => {
    const state = await as(t, ann)({ method: "GET", url: url(ann) });
    expect(state).toEqual({ status: 200, body: { data: { enabled: false, recoveryCodesLeft: 0, required: false } } });
  });

  test("answers a base32 secret and its otpauth URL; the stored copy is sealed", async () => {
    const begun = await as(
      t,
      ann,
    )({ method: "POST", url: url(ann, "/totp"), payload: { data: { password: PASSWORD } } });
    expect(begun.status).toBe(200);
    const { secret, otpauthUrl } = begun.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/localhost:ann%40example.com?secret=${secret}&issuer=localhost&algorithm=SHA1&digits=6&period=30`,
    );
    const row = await t.app.rbac.db
      .selectFrom("rbac/totp-factors")
      .selectAll()
      .where("subjectId", "=", ann.subjectId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.confirmedAt).toBeNull();
  });

  test("a sign-in of the last ten minutes stands in for the password; an older one does not", async () => {
    const fresh = await signIn(t, "bob@example.com");
    expect((await as(t, fresh)({ method: "POST", url: url(fresh, "/totp") })).status).toBe(200);
    // The sign-in began eleven minutes ago: its first refresh token says when.
    await t.app.rbac.db
      .updateTable("rbac/refresh-tokens")
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where("subjectId", "=", fresh.subjectId)
      .execute();
    const old = await as(t, fresh)({ method: "POST", url: url(fresh, "/totp") });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/password is required/);
  });

  test.each([
    [
      "a wrong password",
      () => ann,
      () => url(ann, "/totp"),
      { password: "not the password" },
      400,
      /is not the current password/,
    ],
    [
      "another subject's id",
      () => ann,
      () => url(bob, "/totp"),
      { password: PASSWORD },
      403,
      /only the subject itself/,
    ],
    ["no session", () => undefined, () => url(ann, "/totp"), { password: PASSWORD }, 401, /sign in/],
    [
      "an id that is not a uuid",
      () => ann,
      () => "/api/rbac/subjects/nope/two-factor/totp",
      { password: PASSWORD },
      400,
      /uuid/,
    ],
    [
      "an unknown field",
      () => ann,
      () => url(ann, "/totp"),
      { password: PASSWORD, secret: "AAAA" },
      400,
      /not accepted/,
    ],
  ])("refuses %s", async (_name, who, where, data, status, message) => {
    const answer = await as(t, who())({ method: "POST", url: where(), payload: { data } });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message);
  });

  test.each([
    ["a wrong code", "000000", 401],
    ["a code that is not one", "12ab56", 400],
    ["no code", undefined, 400],
  ])("confirming with %s is refused", async (_name, code, status) => {
    const answer = await as(t, ann)({ method: "POST", url: url(ann, "/totp/confirm"), payload: { data: { code } } });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status, message: expect.any(String) });
  });

  test("a code of the new secret turns it on and answers ten recovery codes, stored only as hashes", async () => {
    const { secret, recoveryCodes } = await enrol(t, ann, clock);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.app.rbac.db
      .selectFrom("rbac/recovery-codes")
      .select("codeHash")
      .where("subjectId", "=", ann.subjectId)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toMatch(new RegExp(recoveryCodes.map((c) => c.replace("-", "-?")).join("|")));
    const state = await as(t, ann)({ method: "GET", url: url(ann) });
    expect(state.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // On, it cannot be set up again over itself, nor confirmed twice.
    expect(
      (await as(t, ann)({ method: "POST", url: url(ann, "/totp"), payload: { data: { password: PASSWORD } } })).status,
    ).toBe(409);
    clock.tick();
    const again = await as(
      t,
      ann,
    )({ method: "POST", url: url(ann, "/totp/confirm"), payload: { data: { code: totpAt(secret, clock.now()) } } });
    expect(again.status).toBe(409);
  });

  test("nothing of the secret or the codes leaves in the subject's records", async () => {
    const me = await as(t, ann)({ method: "GET", url: `/api/rbac/subjects/${ann.subjectId}` });
    expect(JSON.stringify(me.body)).not.toMatch(/secret|codeHash|lastStep/);
  });
});

describe("turning it off", () => {
  let secret: string;
  let carl: SignedIn;
  beforeAll(async () => {
    carl = await register(t, "carl@example.com");
    ({ secret } = await enrol(t, carl, clock));
  });

  test.each([
    ["a wrong password", () => ({ password: "not the password", code: totpAt(secret, clock.tick()) }), 400],
    ["a wrong code", () => ({ password: PASSWORD, code: "000000" }), 401],
    ["no code", () => ({ password: PASSWORD }), 400],
    ["no password", () => ({ code: totpAt(secret, clock.tick()) }), 400],
  ])("refuses %s", async (_name, data, status) => {
    const answer = await as(t, carl)({ method: "DELETE", url: url(carl, "/totp"), payload: { data: data() } });
    expect(answer.status).toBe(status);
  });

  test("the password and a code turn it off, and sign-in needs no code again", async () => {
    clock.tick();
    const off = await as(
      t,
      carl,
    )({
      method: "DELETE",
      url: url(carl, "/totp"),
      payload: { data: { password: PASSWORD, code: totpAt(secret, clock.now()) } },
    });
    expect(off).toEqual({ status: 200, body: { data: { enabled: false, recoveryCodesLeft: 0 } } });
    const signedIn = await passwordStep(t, "carl@example.com");
    expect(signedIn.body.data.jwt).toEqual(expect.any(String));
    const left = await t.app.rbac.db
      .selectFrom("rbac/recovery-codes")
      .select("id")
      .where("subjectId", "=", carl.subjectId)
      .execute();
    expect(left).toEqual([]);
  });
});

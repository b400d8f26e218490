import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { totpAt } from "../../../server/modules/rbac/two-factor/totp.js";
import { AUTH, as, bearer, register, subjectOf, type SignedIn } from "../helpers.js";
import { codeStep, enrol, passwordStep, testClock, twoFactorUrl, type TestClock } from "./helpers.js";

let t: TestApp;
let clock: TestClock;
let ann: SignedIn;
let annSecret: string;
let annCodes: string[];
let bobSecret: string;
beforeAll(async () => {
  t = await createTestApp();
  clock = testClock(t);
  ann = await register(t, "ann@example.com");
  ({ secret: annSecret, recoveryCodes: annCodes } = await enrol(t, ann, clock));
  ({ secret: bobSecret } = await enrol(t, await register(t, "bob@example.com"), clock));
});
afterAll(() => t.close());

/** A fresh token for ann: the first step of her sign-in. */
async function annToken(): Promise<string> {
  const first = await passwordStep(t, "ann@example.com");
  return first.body.data.twoFactor.token;
}

describe("signing in with two-factor on", () => {
  test("the password step answers a token, and no session: no jwt, no cookie", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      payload: { login: "ann@example.com", password: "correct horse battery" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: { twoFactor: { required: true, token: expect.stringMatching(/^[\w-]{43}$/) } },
    });
    expect(first.headers["set-cookie"]).toBeUndefined();
  });

  test("a code from the app answers the session as a password sign-in does: body, cookies, a working token", async () => {
    const token = await annToken();
    const answer = await codeStep(t, token, totpAt(annSecret, clock.tick()));
    expect(answer.statusCode).toBe(200);
    const { jwt, refresh } = answer.json().data;
    expect(Object.keys(answer.json().data).sort()).toEqual(["jwt", "refresh"]);
    expect(subjectOf(jwt)).toBe(ann.subjectId);
    const cookies = String(answer.headers["set-cookie"]);
    expect(cookies).toMatch(/rbac\.subject\.jwt=.+HttpOnly/);
    expect(cookies).toMatch(/rbac\.subject\.refresh=.+SameSite=Strict/);
    const me = await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });
    expect(me.body.data.id).toBe(ann.subjectId);
    const refreshed = await t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh } });
    expect(refreshed.status).toBe(200);
  });

  test("a recovery code signs in once; the second use is refused; the count goes down", async () => {
    const code = annCodes[0]!;
    expect((await codeStep(t, await annToken(), code.toUpperCase())).statusCode).toBe(200);
    const again = await codeStep(t, await annToken(), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      status: 401,
      code: "AUTHENTICATION_ERROR",
      message: expect.stringMatching(/^Authentication error: /),
    });
    const state = await as(t, ann)({ method: "GET", url: twoFactorUrl(ann.subjectId) });
    expect(state.body.data.recoveryCodesLeft).toBe(9);
  });

  const refusals: [string, () => Promise<[token: string, code: string]>, number][] = [
    ["a wrong code", async () => [await annToken(), "000000"], 401],
    ["another subject's code", async () => [await annToken(), totpAt(bobSecret, clock.tick())], 401],
    [
      "a code used already (its step was taken)",
      async () => {
        const code = totpAt(annSecret, clock.tick());
        expect((await codeStep(t, await annToken(), code)).statusCode).toBe(200);
        return [await annToken(), code];
      },
      401,
    ],
    [
      "an expired code (two steps old)",
      async () => [await annToken(), totpAt(annSecret, clock.tick(90_000) - 60_000)],
      401,
    ],
    [
      "a token already spent",
      async () => {
        const token = await annToken();
        expect((await codeStep(t, token, totpAt(annSecret, clock.tick()))).statusCode).toBe(200);
        return [token, totpAt(annSecret, clock.tick())];
      },
      401,
    ],
    [
      "a token older than five minutes",
      async () => {
        const token = await annToken();
        clock.tick(5 * 60_000 + 1000);
        return [token, totpAt(annSecret, clock.now())];
      },
      401,
    ],
    ["a token that was never handed out", async () => ["x".repeat(43), totpAt(annSecret, clock.tick())], 401],
    ["a code that is not one", async () => [await annToken(), "abc"], 400],
    ["a token too short", async () => ["short", totpAt(annSecret, clock.tick())], 400],
  ];
  test.each(refusals)("refuses %s", async (_name, make, status) => {
    const [token, code] = await make();
    const answer = await codeStep(t, token, code);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ status, message: expect.any(String) });
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  test("bad bodies are 400s", async () => {
    for (const data of [{}, { token: "x".repeat(43) }, { code: "123456" }, { token: 1, code: "123456" }]) {
      const answer = await t.app.inject({ method: "POST", url: `${AUTH}/two-factor`, payload: { data } });
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe("wrong codes are limited per subject, not only per address", () => {
  test("five wrong codes end the token: the right code is refused after them", async () => {
    const carl = await register(t, "carl@example.com");
    const { secret } = await enrol(t, carl, clock);
    const token = (await passwordStep(t, "carl@example.com")).body.data.twoFactor.token;
    for (let i = 0; i < 5; i++) expect((await codeStep(t, token, "000000")).statusCode).toBe(401);
    const right = await codeStep(t, token, totpAt(secret, clock.tick()));
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toMatch(/sign in again/);
  });

  test("ten wrong codes over new tokens within 15 minutes: every code of the subject is a 429", async () => {
    const dan = await register(t, "dan@example.com");
    const { secret } = await enrol(t, dan, clock);
    for (let round = 0; round < 2; round++) {
      const token = (await passwordStep(t, "dan@example.com")).body.data.twoFactor.token;
      for (let i = 0; i < 5; i++) expect((await codeStep(t, token, "000000")).statusCode).toBe(401);
    }
    const token = (await passwordStep(t, "dan@example.com")).body.data.twoFactor.token;
    const limited = await codeStep(t, token, totpAt(secret, clock.tick()));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Rate limit error: too many wrong codes/);
    // Another subject is not held back by dan's guesses.
    const erin = await register(t, "erin@example.com");
    const erinSecret = (await enrol(t, erin, clock)).secret;
    const erinToken = (await passwordStep(t, "erin@example.com")).body.data.twoFactor.token;
    expect((await codeStep(t, erinToken, totpAt(erinSecret, clock.tick()))).statusCode).toBe(200);
    // A quarter of an hour later dan may try again.
    clock.tick(15 * 60_000);
    const later = (await passwordStep(t, "dan@example.com")).body.data.twoFactor.token;
    expect((await codeStep(t, later, totpAt(secret, clock.now()))).statusCode).toBe(200);
  });
});

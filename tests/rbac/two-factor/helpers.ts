import type { TestApp } from "../../helpers/test-app.js";
import { totpAt } from "../../../server/modules/rbac/two-factor/totp.js";
import { AUTH, PASSWORD, as, type SignedIn } from "../helpers.js";

export const twoFactorUrl = (subjectId: string) => `/api/rbac/subjects/${subjectId}/two-factor`;

/**
 * The clock the two-factor service reads (codes' steps, tokens' expiry), set by the test: each
 * `tick()` moves it one 30-second step on, so the next code is a new one (a code is taken once).
 */
export function testClock(t: TestApp, startMs = Date.now()) {
  let now = startMs;
  t.app.rbac.twoFactor.factors.now = () => now;
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms;
    },
    tick: (ms = 30_000) => {
      now += ms;
      return now;
    },
  };
}

export type TestClock = ReturnType<typeof testClock>;

/** Sets up and confirms TOTP through the routes; answers the secret and the recovery codes. */
export async function enrol(t: TestApp, session: SignedIn, clock: TestClock, password = PASSWORD) {
  const call = as(t, session);
  const begun = await call({
    method: "POST",
    url: `${twoFactorUrl(session.subjectId)}/totp`,
    payload: { data: { password } },
  });
  if (begun.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(begun.body)}`);
  const { secret } = begun.body.data;
  clock.tick();
  const confirmed = await call({
    method: "POST",
    url: `${twoFactorUrl(session.subjectId)}/totp/confirm`,
    payload: { data: { code: totpAt(secret, clock.now()) } },
  });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
  return { secret: secret as string, recoveryCodes: confirmed.body.data.recoveryCodes as string[], confirmed };
}

/** The first step of a password sign-in: the raw answer. */
export const passwordStep = (t: TestApp, login: string, password = PASSWORD) =>
  t.request({
    method: "POST",
    url: `${AUTH}/email-and-password/authentication`,
    key: null,
    payload: { login, password },
  });

/** The second step: the raw answer. */
export const codeStep = (t: TestApp, token: string, code: string) =>
  t.app.inject({ method: "POST", url: `${AUTH}/two-factor`, payload: { data: { token, code } } });

import type { TestApp } from "../helpers/test-app.js";
import { PASSWORD, register, type SignedIn } from "../rbac/helpers.js";
import { enrol, passwordStep, testClock, twoFactorUrl } from "../rbac/two-factor/helpers.js";
import { totpAt } from "../../server/modules/rbac/two-factor/totp.js";

interface Call {
  url: string;
  data: unknown;
  caller: "key" | "anonymous" | SignedIn;
  effect?: () => Promise<unknown>;
}

/** The two-factor routes' cases for module-body-forms.test.ts (each form gets its own subject). */
export function twoFactorBodyCases(app: () => TestApp) {
  const state = (s: SignedIn) => async () =>
    (
      await app().request({
        method: "GET",
        url: twoFactorUrl(s.subjectId),
        key: null,
        headers: { authorization: `Bearer ${s.jwt}` },
      })
    ).body.data;
  const enrolled = async (n: string, name: string) => {
    const s = await register(app(), `${name}-${n}@example.com`);
    return { s, ...(await enrol(app(), s, testClock(app()))) };
  };
  return {
    "POST /api/rbac/subjects/:id/two-factor/totp": {
      status: 200,
      prepare: async (_form: string, n: string): Promise<Call> => {
        const s = await register(app(), `totp-${n}@example.com`);
        return { url: `${twoFactorUrl(s.subjectId)}/totp`, data: { password: PASSWORD }, caller: s, effect: state(s) };
      },
    },
    "POST /api/rbac/subjects/:id/two-factor/totp/confirm": {
      status: 200,
      prepare: async (_form: string, n: string): Promise<Call> => {
        const s = await register(app(), `totp-confirm-${n}@example.com`);
        const begun = await app().request({
          method: "POST",
          url: `${twoFactorUrl(s.subjectId)}/totp`,
          key: null,
          headers: { authorization: `Bearer ${s.jwt}` },
          payload: { data: { password: PASSWORD } },
        });
        const code = totpAt(begun.body.data.secret, app().app.rbac.twoFactor.factors.now());
        return { url: `${twoFactorUrl(s.subjectId)}/totp/confirm`, data: { code }, caller: s, effect: state(s) };
      },
    },
    "DELETE /api/rbac/subjects/:id/two-factor/totp": {
      status: 200,
      prepare: async (_form: string, n: string): Promise<Call> => {
        const { s, recoveryCodes } = await enrolled(n, "totp-off");
        const data = { password: PASSWORD, code: recoveryCodes[0] };
        return { url: `${twoFactorUrl(s.subjectId)}/totp`, data, caller: s, effect: state(s) };
      },
    },
    "POST /api/rbac/subjects/authentication/two-factor": {
      status: 200,
      prepare: async (_form: string, n: string): Promise<Call> => {
        const { recoveryCodes } = await enrolled(n, "totp-sign-in");
        const token = (await passwordStep(app(), `totp-sign-in-${n}@example.com`)).body.data.twoFactor.token;
        return {
          url: "/api/rbac/subjects/authentication/two-factor",
          data: { token, code: recoveryCodes[0] },
          caller: "anonymous",
        };
      },
    },
  };
}

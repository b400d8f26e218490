import type { TestApp } from "../helpers/test-app.js";
import { AUTH, register, type SignedIn } from "../rbac/helpers.js";
import { SoftwareAuthenticator } from "../rbac/passkeys/software-authenticator.js";
import { enrol, passwordStep, testClock } from "../rbac/two-factor/helpers.js";

/** A case of module-body-forms.test.ts (its own shape, repeated so that file need only spread these in). */
interface Case {
  status: number;
  prepare: (
    form: string,
    n: string,
  ) => Promise<{ url: string; data: unknown; caller: "anonymous" | SignedIn; effect?: () => Promise<unknown> }>;
}

const passkeys = (s: SignedIn) => `/api/rbac/subjects/${s.subjectId}/passkeys`;

/**
 * The passkey routes read in the three body forms alike: each form registers its own account and
 * software authenticator (tests/rbac/passkeys/) against the app's PUBLIC_URL.
 */
export function passkeyBodyFormCases(app: () => TestApp): Record<string, Case> {
  const call = (s: SignedIn | undefined, method: string, url: string, data?: unknown) =>
    app().request({
      method: method as "POST",
      url,
      key: null,
      headers: s ? { authorization: `Bearer ${s.jwt}` } : {},
      ...(data === undefined ? {} : { payload: { data } }),
    });
  const titles = async (s: SignedIn) =>
    (await call(s, "GET", passkeys(s))).body.data.map((p: { title: string }) => p.title);
  /** An account with a software authenticator, and the authenticator's answer to fresh registration options. */
  const answered = async (n: string) => {
    const s = await register(app(), `passkey-${n}@example.com`);
    const authenticator = new SoftwareAuthenticator(app().app.rbac.config.publicUrl);
    const options = await call(s, "POST", `${passkeys(s)}/options`, {});
    return { s, authenticator, credential: authenticator.register(options.body.data) };
  };
  const registered = async (n: string) => {
    const made = await answered(n);
    const passkey = await call(made.s, "POST", passkeys(made.s), { credential: made.credential, title: "Key" });
    return { ...made, passkey: passkey.body.data as { id: string } };
  };
  /** A password sign-in of an account with a passkey and TOTP on, waiting for its second step. */
  const waiting = async (n: string) => {
    const made = await registered(n);
    await enrol(app(), made.s, testClock(app()));
    const token: string = (await passwordStep(app(), `passkey-${n}@example.com`)).body.data.twoFactor.token;
    return { ...made, token };
  };
  return {
    [`POST ${AUTH}/two-factor/passkey/options`]: {
      status: 200,
      prepare: async (_form, n) => {
        const { token } = await waiting(`second-options-${n}`);
        return { url: `${AUTH}/two-factor/passkey/options`, data: { token }, caller: "anonymous" };
      },
    },
    [`POST ${AUTH}/two-factor/passkey`]: {
      status: 200,
      prepare: async (_form, n) => {
        const { s, authenticator, token } = await waiting(`second-${n}`);
        const options = (await call(undefined, "POST", `${AUTH}/two-factor/passkey/options`, { token })).body.data;
        const used = async () => (await call(s, "GET", passkeys(s))).body.data[0].lastUsedAt !== null;
        const data = { token, credential: authenticator.assert(options) };
        return { url: `${AUTH}/two-factor/passkey`, data, caller: "anonymous", effect: used };
      },
    },
    "POST /api/rbac/subjects/:id/passkeys/options": {
      status: 200,
      prepare: async (_form, n) => {
        const s = await register(app(), `passkey-options-${n}@example.com`);
        return { url: `${passkeys(s)}/options`, data: { currentPassword: "correct horse battery" }, caller: s };
      },
    },
    "POST /api/rbac/subjects/:id/passkeys": {
      status: 201,
      prepare: async (_form, n) => {
        const { s, credential } = await answered(`register-${n}`);
        return { url: passkeys(s), data: { credential, title: "Laptop" }, caller: s, effect: () => titles(s) };
      },
    },
    "PATCH /api/rbac/subjects/:id/passkeys/:passkeyId": {
      status: 200,
      prepare: async (_form, n) => {
        const { s, passkey } = await registered(`rename-${n}`);
        return { url: `${passkeys(s)}/${passkey.id}`, data: { title: "Phone" }, caller: s, effect: () => titles(s) };
      },
    },
    "DELETE /api/rbac/subjects/:id/passkeys/:passkeyId": {
      status: 200,
      prepare: async (_form, n) => {
        const { s, passkey } = await registered(`remove-${n}`);
        return { url: `${passkeys(s)}/${passkey.id}`, data: {}, caller: s, effect: () => titles(s) };
      },
    },
    [`POST ${AUTH}/passkey/options`]: {
      status: 200,
      prepare: async () => ({ url: `${AUTH}/passkey/options`, data: {}, caller: "anonymous" }),
    },
    [`POST ${AUTH}/passkey`]: {
      status: 200,
      prepare: async (_form, n) => {
        const { s, authenticator } = await registered(`sign-in-${n}`);
        const options = (await call(undefined, "POST", `${AUTH}/passkey/options`)).body.data;
        const signedIn = async () => (await call(s, "GET", passkeys(s))).body.data[0].lastUsedAt !== null;
        return {
          url: `${AUTH}/passkey`,
          data: { credential: authenticator.assert(options) },
          caller: "anonymous",
          effect: signedIn,
        };
      },
    },
  };
}

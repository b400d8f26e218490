import type { TestApp } from "../../helpers/test-app.js";
import { AUTH, bearer, register, type SignedIn } from "../helpers.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";

export const ORIGIN = "https://shop.example.com";
export const passkeysOf = (subjectId: string) => `/api/rbac/subjects/${subjectId}/passkeys`;

/** A request as the subject (bearer JWT, no secret key); `data` is sent in the `{ data }` form. */
export const call = (t: TestApp, session: SignedIn | undefined, method: string, url: string, data?: unknown) =>
  t.request({
    method: method as "GET",
    url,
    key: null,
    headers: session ? bearer(session.jwt) : {},
    ...(data === undefined ? {} : { payload: { data } }),
  });

/** Registration options for the subject, then its authenticator's answer to them: the verify body's credential. */
export async function registrationOf(t: TestApp, session: SignedIn, authenticator: SoftwareAuthenticator) {
  const options = await call(t, session, "POST", `${passkeysOf(session.subjectId)}/options`, {});
  if (options.status !== 200) throw new Error(`options answered ${options.status}: ${JSON.stringify(options.body)}`);
  return authenticator.register(options.body.data);
}

/** A new account (email sign-up) with one passkey registered: its session, authenticator and passkey. */
export async function accountWithPasskey(t: TestApp, login: string, title = "MacBook passkey") {
  const session = await register(t, login);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const credential = await registrationOf(t, session, authenticator);
  const made = await call(t, session, "POST", passkeysOf(session.subjectId), { credential, title });
  if (made.status !== 201) throw new Error(`registration answered ${made.status}: ${JSON.stringify(made.body)}`);
  return { session, authenticator, passkey: made.body.data as { id: string; title: string } };
}

/** Sign-in options from the server (a fresh challenge). */
export async function signInOptions(
  t: TestApp,
): Promise<{ challenge: string; allowCredentials?: unknown[]; rpId: string }> {
  return (await call(t, undefined, "POST", `${AUTH}/passkey/options`)).body.data;
}

export const passkeySignIn = (t: TestApp, credential: unknown) =>
  t.app.inject({ method: "POST", url: `${AUTH}/passkey`, payload: { data: { credential } } });

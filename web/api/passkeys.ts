import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { api } from "./client.js";

/** The Subject API's passkey routes (docs/security.md "Passkeys"). */
export const PASSKEY_SIGN_IN_API = "/api/rbac/subjects/authentication/passkey";
/** A password sign-in's second step with a passkey (two-factor on). */
const TWO_FACTOR_PASSKEY_API = "/api/rbac/subjects/authentication/two-factor/passkey";
export const passkeysApi = (subjectId: string) => `/api/rbac/subjects/${subjectId}/passkeys`;

/** A passkey as its owner's list shows it. */
export interface Passkey {
  id: string;
  title: string;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** The browser refused or the person cancelled: nothing to report but that. */
export class PasskeyCancelled extends Error {}

/** The WebAuthn prompt's errors that only mean "not now" (cancel, timeout, no passkey picked). */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * Sign-in with a passkey alone: the server's options (a fresh challenge, any passkey of this site),
 * the browser's prompt, then the signed answer. Answers the session tokens, as the email sign-in
 * does. The WebAuthn helper is loaded at the first use, so no page carries it until then.
 */
export async function signInWithPasskey(): Promise<{ jwt: string; refresh: string }> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(`${PASSKEY_SIGN_IN_API}/options`, {
    method: "POST",
  });
  const credential = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw cancelled(error) ? new PasskeyCancelled() : error;
  });
  return api(PASSKEY_SIGN_IN_API, { method: "POST", body: { credential } });
}

/**
 * The second step of a password sign-in (two-factor on) with one of the account's passkeys instead
 * of a code: options for the sign-in's `token`, the browser's prompt, then the signed answer with
 * the token. Answers the session tokens, as the code step does; a 409 when the account has no passkey.
 */
export async function secondStepWithPasskey(token: string): Promise<{ jwt: string; refresh: string }> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(`${TWO_FACTOR_PASSKEY_API}/options`, {
    method: "POST",
    body: { token },
  });
  const credential = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw cancelled(error) ? new PasskeyCancelled() : error;
  });
  return api(TWO_FACTOR_PASSKEY_API, { method: "POST", body: { token, credential } });
}

/**
 * Registers a new passkey on this device for the signed-in subject: options (after its proof),
 * the browser's prompt, then the attestation with the title. `call` is the caller's session-aware
 * API call.
 */
export async function registerPasskey(
  call: <T>(path: string, options?: Parameters<typeof api>[1]) => Promise<T>,
  subjectId: string,
  title: string,
  currentPassword?: string,
): Promise<Passkey> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await call<PublicKeyCredentialCreationOptionsJSON>(`${passkeysApi(subjectId)}/options`, {
    method: "POST",
    body: currentPassword ? { currentPassword } : {},
  });
  const credential = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw cancelled(error) ? new PasskeyCancelled() : error;
  });
  return call<Passkey>(passkeysApi(subjectId), { method: "POST", body: { credential, title } });
}

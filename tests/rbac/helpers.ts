import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import type { TestApp } from "../helpers/test-app.js";

export const AUTH = "/api/rbac/subjects/authentication";
export const PASSWORD = "correct horse battery";

export interface SignedIn {
  subjectId: string;
  jwt: string;
  refresh: string;
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** The subject id inside a JWT (its `sub`), read without checking: the server checks. */
export const subjectOf = (jwt: string): string =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).sub;

/** Registers through the real route and returns the session. */
export async function register(t: TestApp, login: string, password = PASSWORD): Promise<SignedIn> {
  const response = await t.request({
    method: "POST",
    url: `${AUTH}/email-and-password/registration`,
    key: null,
    payload: { login, password },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  const { jwt, refresh } = response.body.data;
  return { subjectId: subjectOf(jwt), jwt, refresh };
}

export async function signIn(t: TestApp, login: string, password = PASSWORD): Promise<SignedIn> {
  const response = await t.request({
    method: "POST",
    url: `${AUTH}/email-and-password/authentication`,
    key: null,
    payload: { login, password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  const { jwt, refresh } = response.body.data;
  return { subjectId: subjectOf(jwt), jwt, refresh };
}

/** A request as the subject: bearer JWT, no secret key. */
export const as = (t: TestApp, session: SignedIn | undefined) => (options: Parameters<TestApp["request"]>[0]) =>
  t.request({ ...options, key: null, headers: { ...(session ? bearer(session.jwt) : {}), ...options.headers } });

/** The newest outbox message to this address, once the work after the answers is done. */
/**
 * The newest mail kept for `to` (with `subject`, when given: another mail to the same person,
 * sent later by the queue, e.g. a retried one, is then not taken for it).
 */
export async function lastMail(
  t: TestApp,
  to: string,
  subject?: string,
): Promise<{ subject: string; text: string; transport: string; status: string } | undefined> {
  await t.app.rbac.background.settled();
  await t.app.rbac.mailer.flush();
  let mails = t.database.db
    .selectFrom("notification_outbox_messages")
    .select(["subject", "text", "transport", "status"])
    .where("to", "=", to);
  if (subject !== undefined) mails = mails.where("subject", "=", subject);
  return mails.orderBy("createdAt", "desc").executeTakeFirst() as any;
}

export const resetCodeIn = (text: string) => /[?&]code=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** A Sign-In with Ethereum message for a fresh nonce from the server, signed by the wallet: the wallet sign-in body. */
export async function siweSigned(t: TestApp, account: PrivateKeyAccount) {
  const { data } = (await t.request({ method: "GET", url: `${AUTH}/ethereum-virtual-machine/nonce`, key: null })).body;
  const message = createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: data.domain,
    uri: data.uri,
    nonce: data.nonce,
    version: "1",
    issuedAt: new Date(),
  });
  return {
    message,
    signature: await account.signMessage({ message }),
    address: account.address,
    provider: "ethereum-virtual-machine",
  };
}

/** A new subject holding a new role `uid` with these `[method, path]` permissions (granted with the secret key). */
export async function subjectWithRole(t: TestApp, uid: string, permissions: [string, string][]): Promise<SignedIn> {
  const post = async (url: string, data: object) =>
    (await t.request({ method: "POST", url, payload: { data } })).body.data;
  const role = await post("/api/rbac/roles", { title: uid, uid });
  for (const [method, path] of permissions) {
    const permission = await post("/api/rbac/permissions", { method, path, type: "HTTP" });
    await post("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
  }
  const session = await register(t, `${uid}@example.com`);
  await post("/api/rbac/subjects-to-roles", { subjectId: session.subjectId, roleId: role.id });
  return session;
}

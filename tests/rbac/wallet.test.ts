import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, bearer, subjectOf } from "./helpers.js";

const BASE = `${AUTH}/ethereum-virtual-machine`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example.com" });
});
afterAll(() => t.close());

/** A wallet made in the test signs a Sign-In with Ethereum message for a nonce from the server. */
async function signedMessage(
  account = privateKeyToAccount(generatePrivateKey()),
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  const { data } = (await t.request({ method: "GET", url: `${BASE}/nonce`, key: null })).body;
  const message = createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: data.domain,
    uri: data.uri,
    nonce: data.nonce,
    version: "1",
    statement: "Sign in to the shop",
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 5 * 60_000),
    ...overrides,
  });
  return { account, message, signature: await account.signMessage({ message }) };
}

const signIn = (payload: Record<string, unknown>) => t.request({ method: "POST", url: BASE, key: null, payload });

describe("Sign-In with Ethereum", () => {
  test("the nonce route gives a fresh nonce, the domain and the uri to sign", async () => {
    const a = (await t.request({ method: "GET", url: `${BASE}/nonce`, key: null })).body.data;
    const b = (await t.request({ method: "GET", url: `${BASE}/nonce`, key: null })).body.data;
    expect(a).toMatchObject({ domain: "shop.example.com", uri: "https://shop.example.com" });
    expect(a.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    expect(a.nonce).not.toBe(b.nonce);
  });

  test("first sign-in makes the subject and its wallet identity; the next one finds it", async () => {
    const first = await signedMessage();
    const response = await signIn({
      message: first.message,
      signature: first.signature,
      address: first.account.address,
    });
    expect(response.status).toBe(200);
    const subjectId = subjectOf(response.body.data.jwt);
    expect(response.body.data.refresh).toBeTruthy();
    const me = await t.request({
      method: "GET",
      url: `${AUTH}/me`,
      key: null,
      headers: bearer(response.body.data.jwt),
    });
    expect(me.body.data.identities).toEqual([
      expect.objectContaining({ provider: "ethereum_virtual_machine", account: first.account.address.toLowerCase() }),
    ]);

    const second = await signedMessage(first.account);
    const again = await signIn({
      message: second.message,
      signature: second.signature,
      address: first.account.address.toLowerCase(),
    });
    expect(again.status).toBe(200);
    expect(subjectOf(again.body.data.jwt)).toBe(subjectId);
  });

  test("a replayed message is refused", async () => {
    const signed = await signedMessage();
    const payload = { message: signed.message, signature: signed.signature, address: signed.account.address };
    expect((await signIn(payload)).status).toBe(200);
    const replay = await signIn(payload);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/already used/);
  });

  // The times are taken when the test runs: a notBefore computed as the file loads may have
  // passed by then on a busy machine.
  test.each([
    [
      "an expired message",
      () => ({ expirationTime: new Date(Date.now() - 1000), issuedAt: new Date(Date.now() - 60_000) }),
      /expired/,
    ],
    ["a message for another site", () => ({ domain: "evil.example.com" }), /another site/],
    ["a message not yet valid", () => ({ notBefore: new Date(Date.now() + 60_000) }), /not yet valid/],
    ["a nonce the server never issued", () => ({ nonce: "abcdefgh12345678" }), /not issued here|already used/],
  ])("refuses %s", async (_, overrides, message) => {
    const signed = await signedMessage(undefined, overrides() as any);
    const response = await signIn({
      message: signed.message,
      signature: signed.signature,
      address: signed.account.address,
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(message);
  });

  test("a signature by another key is refused", async () => {
    const signed = await signedMessage();
    const other = privateKeyToAccount(generatePrivateKey());
    const response = await signIn({
      message: signed.message,
      signature: await other.signMessage({ message: signed.message }),
      address: signed.account.address,
    });
    expect(response).toMatchObject({
      status: 401,
      body: { message: "Authentication error: the signature does not match the address" },
    });
  });

  test("someone else's address is refused: the message names the signer", async () => {
    const signed = await signedMessage();
    const other = privateKeyToAccount(generatePrivateKey());
    expect(
      (await signIn({ message: signed.message, signature: signed.signature, address: other.address })).status,
    ).toBe(401);
  });

  test.each([
    [
      "no address",
      (s: any) => ({ message: s.message, signature: s.signature }),
      401,
      "Authentication error: No account found",
    ],
    [
      "a short message",
      (s: any) => ({ message: "short", signature: s.signature, address: s.account.address }),
      400,
      "Validation error: /message must be at least 8 characters",
    ],
    [
      "a message that is not SIWE",
      (s: any) => ({ message: "hello there, sign me", signature: s.signature, address: s.account.address }),
      400,
      "Validation error: /message must be a Sign-In with Ethereum message",
    ],
    [
      "a signature that is not hex",
      (s: any) => ({ message: s.message, signature: "nothex", address: s.account.address }),
      400,
      "Validation error: /signature must be a hex signature",
    ],
    [
      "an address that is not one",
      (s: any) => ({ message: s.message, signature: s.signature, address: "0x123" }),
      400,
      "Validation error: /address must be an Ethereum address",
    ],
  ])("answers %s clearly", async (_, payload, status, message) => {
    const signed = await signedMessage();
    const response = await signIn(payload(signed));
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });
});

// A wallet-only subject has no password to show, so adding an email
// identity (which would outlive a stolen session token) needs a sign-in of the last minutes.
describe("a wallet-only subject adding an email identity", () => {
  const addEmail = (jwt: string, subjectId: string, email: string) =>
    t.request({
      method: "POST",
      url: `/api/rbac/subjects/${subjectId}/identities`,
      key: null,
      headers: bearer(jwt),
      payload: { data: { email, password: "a new password" } },
    });

  test("right after a wallet sign-in it may; with a sign-in older than ten minutes it is a 403", async () => {
    const signed = await signedMessage();
    const { jwt } = (
      await signIn({ message: signed.message, signature: signed.signature, address: signed.account.address })
    ).body.data;
    const subjectId = subjectOf(jwt);
    expect((await addEmail(jwt, subjectId, "wallet-owner@example.com")).status).toBe(201);

    // Another wallet subject whose sign-in began 20 minutes ago (its token refreshed since).
    const other = await signedMessage();
    const session = (
      await signIn({ message: other.message, signature: other.signature, address: other.account.address })
    ).body.data;
    const family = (
      await t.database.db
        .selectFrom("rbac_refresh_tokens")
        .select("familyId")
        .where("subjectId", "=", subjectOf(session.jwt))
        .executeTakeFirstOrThrow()
    ).familyId;
    await t.database.db
      .updateTable("rbac_refresh_tokens")
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where("familyId", "=", family)
      .execute();
    const stale = await addEmail(session.jwt, subjectOf(session.jwt), "thief@example.com");
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/sign in again/);
  });
});

// Deleting a sign-in method needs the same proof as adding one; for a
// wallet-only subject that is a sign-in of the last ten minutes. Its last identity stays (409).
describe("a wallet-only subject deleting an identity", () => {
  /** A fresh wallet subject with a second wallet identity (linked by the secret key). */
  async function withTwoWallets() {
    const signed = await signedMessage();
    const session = (
      await signIn({ message: signed.message, signature: signed.signature, address: signed.account.address })
    ).body.data;
    const subjectId = subjectOf(session.jwt);
    const other = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const identity = (
      await t.request({
        method: "POST",
        url: "/api/rbac/identities",
        payload: { data: { provider: "ethereum_virtual_machine", account: other } },
      })
    ).body.data;
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/rbac/subjects-to-identities",
          payload: { data: { subjectId, identityId: identity.id } },
        })
      ).status,
    ).toBe(201);
    const first = (
      await t.database.db
        .selectFrom("rbac_subjects_to_identities")
        .select("identityId")
        .where("subjectId", "=", subjectId)
        .where("identityId", "!=", identity.id)
        .executeTakeFirstOrThrow()
    ).identityId;
    const remove = (identityId: string) =>
      t.request({
        method: "DELETE",
        url: `/api/rbac/subjects/${subjectId}/identities/${identityId}`,
        key: null,
        headers: bearer(session.jwt),
      });
    return { subjectId, session, second: identity.id as string, first: first as string, remove };
  }

  test("right after a wallet sign-in it may delete one, with no password; never the last (409)", async () => {
    const { first, second, remove } = await withTwoWallets();
    expect((await remove(second)).status).toBe(200);
    expect(await remove(first)).toMatchObject({
      status: 409,
      body: {
        message: "Conflict error: the last sign-in method of a subject cannot be deleted: add another one first",
      },
    });
  });

  test("with a sign-in older than ten minutes it is a 403, and both identities stay", async () => {
    const { subjectId, session, second, remove } = await withTwoWallets();
    const family = (
      await t.database.db
        .selectFrom("rbac_refresh_tokens")
        .select("familyId")
        .where("subjectId", "=", subjectId)
        .executeTakeFirstOrThrow()
    ).familyId;
    await t.database.db
      .updateTable("rbac_refresh_tokens")
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where("familyId", "=", family)
      .execute();
    const stale = await remove(second);
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/sign in again/);
    const me = await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(session.jwt) });
    expect(me.body.data.identities).toHaveLength(2);
  });
});

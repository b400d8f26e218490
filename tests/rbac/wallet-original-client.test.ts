import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, bearer, register, siweSigned, subjectOf, type SignedIn } from "./helpers.js";

// The original client signs `Date.now()` and links a wallet with
// { message, provider: "ethereum-virtual-machine", signature, address }. The link body is
// accepted; a timestamp message only with EVM_TIMESTAMP_MESSAGES=true (it names no site, so a
// signature made for another site could be replayed here), within five minutes, and once.
const WALLET = `${AUTH}/ethereum-virtual-machine`;
const PROVIDER = "ethereum-virtual-machine";
const newWallet = () => privateKeyToAccount(generatePrivateKey());

async function timestampSigned(account: PrivateKeyAccount, at = Date.now()) {
  const message = String(at);
  return { message, signature: await account.signMessage({ message }), address: account.address, provider: PROVIDER };
}

const signInWith = (t: TestApp, payload: object) => t.request({ method: "POST", url: WALLET, key: null, payload });
const link = (t: TestApp, session: SignedIn, payload: object, subjectId = session.subjectId) =>
  as(t, session)({ method: "POST", url: `/api/rbac/subjects/${subjectId}/identities`, payload: { data: payload } });
const age = (t: TestApp, session: SignedIn) =>
  t.database.db
    .updateTable("rbac_refresh_tokens")
    .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where("subjectId", "=", session.subjectId)
    .execute();

describe(`wallet calls of the original client with EVM_TIMESTAMP_MESSAGES off (the default), on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp({ publicUrl: "https://shop.example.com" })));
  afterAll(() => t.close());

  test("a signed timestamp is not accepted, for sign-in or a link", async () => {
    const wallet = newWallet();
    const signed = await timestampSigned(wallet);
    const expected = {
      status: 400,
      body: { message: "Validation error: /message must be a Sign-In with Ethereum message" },
    };
    expect(await signInWith(t, signed)).toMatchObject(expected);
    const ann = await register(t, "ann@example.com");
    expect(await link(t, ann, signed)).toMatchObject(expected);
  });

  test("sign-in takes the provider field beside a Sign-In with Ethereum message; another provider is refused", async () => {
    const wallet = newWallet();
    expect((await signInWith(t, await siweSigned(t, wallet))).status).toBe(200);
    expect(await signInWith(t, { ...(await siweSigned(t, wallet)), provider: "telegram" })).toMatchObject({
      status: 400,
      body: { message: "Validation error: /provider Invalid provider" },
    });
  });

  test("the link body with a Sign-In with Ethereum message links the wallet: it then signs in to the same subject", async () => {
    const bob = await register(t, "bob@example.com");
    const wallet = newWallet();
    const linked = await link(t, bob, await siweSigned(t, wallet));
    expect(linked).toMatchObject({
      status: 201,
      body: { data: { provider: "ethereum_virtual_machine", account: wallet.address.toLowerCase() } },
    });
    const session = (await signInWith(t, await siweSigned(t, wallet))).body.data;
    expect(subjectOf(session.jwt)).toBe(bob.subjectId);
  });
});

describe(`wallet calls of the original client with EVM_TIMESTAMP_MESSAGES=true, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(
    async () => void (t = await createTestApp({ publicUrl: "https://shop.example.com", evmTimestampMessages: true })),
  );
  afterAll(() => t.close());

  test("a signed Date.now() signs in once; the same message again is refused", async () => {
    const signed = await timestampSigned(newWallet());
    const first = await signInWith(t, signed);
    expect(first.status).toBe(200);
    const me = await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(first.body.data.jwt) });
    expect(me.body.data.identities).toEqual([
      expect.objectContaining({ provider: "ethereum_virtual_machine", account: signed.address.toLowerCase() }),
    ]);
    expect(await signInWith(t, signed)).toMatchObject({
      status: 401,
      body: { message: "Authentication error: the sign-in message was already used" },
    });
  });

  test("two uses of one message at once: one wins", async () => {
    const signed = await timestampSigned(newWallet());
    const statuses = (await Promise.all([signInWith(t, signed), signInWith(t, signed)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
  });

  test.each([
    ["six minutes old", -6 * 60_000],
    ["six minutes ahead", 6 * 60_000],
  ])("a timestamp %s is refused", async (_, offset) => {
    const response = await signInWith(t, await timestampSigned(newWallet(), Date.now() + offset));
    expect(response).toMatchObject({
      status: 401,
      body: { message: "Authentication error: the signed timestamp is more than five minutes from now" },
    });
  });

  test("four minutes old is still accepted", async () => {
    expect((await signInWith(t, await timestampSigned(newWallet(), Date.now() - 4 * 60_000))).status).toBe(200);
  });

  test("a timestamp signed by another key, or named for another address, is refused", async () => {
    const wallet = newWallet();
    const signed = await timestampSigned(wallet);
    expect(
      (await signInWith(t, { ...signed, signature: await newWallet().signMessage({ message: signed.message }) }))
        .status,
    ).toBe(401);
    expect((await signInWith(t, { ...signed, address: newWallet().address })).status).toBe(401);
  });

  test("Sign-In with Ethereum messages still work beside them", async () => {
    expect((await signInWith(t, await siweSigned(t, newWallet()))).status).toBe(200);
  });

  describe("linking a wallet with the original client's body", () => {
    test("right after signing in: linked, once; the wallet then signs in to that subject", async () => {
      const carol = await register(t, "carol@example.com");
      const wallet = newWallet();
      const signed = await timestampSigned(wallet);
      expect((await link(t, carol, signed)).status).toBe(201);
      expect((await link(t, carol, signed)).status).toBe(401);
      const session = (await signInWith(t, await timestampSigned(wallet, Date.now() + 1))).body.data;
      expect(subjectOf(session.jwt)).toBe(carol.subjectId);
    });

    test("a wallet that already signs in to an account is a 409 and stays where it is", async () => {
      const wallet = newWallet();
      const owner = subjectOf((await signInWith(t, await timestampSigned(wallet))).body.data.jwt);
      const dan = await register(t, "dan@example.com");
      expect(await link(t, dan, await timestampSigned(wallet, Date.now() + 1))).toMatchObject({
        status: 409,
        body: { message: "Conflict error: this wallet is already a sign-in method of an account" },
      });
      expect(subjectOf((await signInWith(t, await timestampSigned(wallet, Date.now() + 2))).body.data.jwt)).toBe(owner);
    });

    test("with a sign-in older than ten minutes the current password is needed (a stolen token cannot add the thief's wallet)", async () => {
      const erin = await register(t, "erin@example.com");
      await age(t, erin);
      expect(await link(t, erin, await timestampSigned(newWallet()))).toMatchObject({
        status: 400,
        body: { message: "Validation error: currentPassword is required" },
      });
      expect(
        (await link(t, erin, { ...(await timestampSigned(newWallet())), currentPassword: "not the password" })).status,
      ).toBe(400);
      expect((await link(t, erin, { ...(await timestampSigned(newWallet())), currentPassword: PASSWORD })).status).toBe(
        201,
      );
    });

    test("another subject's identities are not the caller's to link to (403)", async () => {
      const fay = await register(t, "fay@example.com");
      const gus = await register(t, "gus@example.com");
      expect((await link(t, fay, await timestampSigned(newWallet()), gus.subjectId)).status).toBe(403);
    });
  });
});

import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, as, bearer, siweSigned, subjectOf, type SignedIn } from "../rbac/helpers.js";
import { addToCart, cart, catalogue, type Catalogue, type Shopper } from "./shop-fixture.js";

const WALLET = `${AUTH}/ethereum-virtual-machine`;

// A guest who signs in with a wallet keeps the cart, as with email sign-in and sign-up:
// the guest's cart joins the wallet account's (quantities added, no line twice).
describe(`wallet sign-in merges the guest cart (${testDialect})`, () => {
  let t: TestApp;
  let c: Catalogue;

  const shopperOf = (session: SignedIn): Shopper => ({ ...session, call: as(t, session), base: cart(session) });
  const guest = async (): Promise<Shopper> => {
    const { jwt, refresh } = (await t.request({ method: "GET", key: null, url: `${AUTH}/init` })).body.data;
    return shopperOf({ subjectId: subjectOf(jwt), jwt, refresh });
  };
  /** Signs in with the wallet, from the guest's session when given. */
  const walletSignIn = async (account: ReturnType<typeof privateKeyToAccount>, from?: Shopper): Promise<Shopper> => {
    const response = await t.request({
      method: "POST",
      key: null,
      url: WALLET,
      headers: from ? bearer(from.jwt) : {},
      payload: await siweSigned(t, account),
    });
    expect(response.status).toBe(200);
    const { jwt, refresh } = response.body.data;
    return shopperOf({ subjectId: subjectOf(jwt), jwt, refresh });
  };
  const lines = async (s: Shopper) =>
    ((await s.call({ method: "GET", url: `${s.base}/orders` })).body.data as any[])
      .flatMap((o) => o.ordersToProducts.map((l: any) => [l.productId, l.quantity]))
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: "https://shop.example.com" });
    c = await catalogue(t);
  });
  afterAll(() => t?.close());

  it("a known wallet: the guest's cart joins the account's, quantities added, the guest's cart empty", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const account = await walletSignIn(wallet);
    await addToCart(account, c.shoes.id, 1);
    const g = await guest();
    await addToCart(g, c.shoes.id, 2);
    await addToCart(g, c.pencil.id, 3);
    const signedIn = await walletSignIn(wallet, g);
    expect(signedIn.subjectId).toBe(account.subjectId);
    expect(await lines(account)).toEqual(
      [
        [c.pencil.id, 3],
        [c.shoes.id, 3],
      ].sort(),
    );
    expect(await lines(g)).toEqual([]);
  });

  it("a wallet signing in for the first time from a guest session gets the guest's cart", async () => {
    const g = await guest();
    await addToCart(g, c.pencil.id, 2);
    const account = await walletSignIn(privateKeyToAccount(generatePrivateKey()), g);
    expect(await lines(account)).toEqual([[c.pencil.id, 2]]);
  });
});

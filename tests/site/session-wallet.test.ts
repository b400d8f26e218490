import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage } from "viem/siwe";
import { hexToString, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError, type CallOptions } from "../../web/api/client.js";
import type { Eip1193Provider } from "../../web/site/modules/rbac/wallet/eip1193.js";
import { signInOnce, signInWithEthereum } from "../../web/site/modules/rbac/wallet/sign-in-with-ethereum.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "http://localhost:4321" });
});
afterAll(() => t.close());

/** The browser client's contract (answer's data, ApiError on failure) over app.inject. */
const call = async <T>(path: string, options: CallOptions = {}): Promise<T> => {
  const payload = options.body === undefined ? undefined : options.raw ? options.body : { data: options.body };
  const response = await t.request({
    method: options.method ?? (payload ? "POST" : "GET"),
    url: path,
    key: null,
    payload: payload as object,
  });
  if (response.status >= 400)
    throw new ApiError(response.body.message, response.status, response.body.code, response.body.cause ?? []);
  return response.body.data as T;
};

/** An EIP-1193 wallet holding one key: answers chain id and personal_sign, records what it was asked. */
function fakeWallet(chainId = "0x89") {
  const account = privateKeyToAccount(generatePrivateKey());
  const asked: { method: string; params?: unknown[] }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      asked.push({ method, params });
      if (method === "eth_chainId") return chainId;
      if (method === "personal_sign") {
        const [hex, address] = params as [Hex, string];
        if (address !== account.address) throw new Error("wrong address");
        return account.signMessage({ message: hexToString(hex) });
      }
      throw new Error(`unexpected ${method}`);
    },
  };
  return { account, provider, asked };
}

describe("wallet sign-in from the browser code", () => {
  test("signs the server's SIWE message and gets a session whose subject owns the wallet", async () => {
    const wallet = fakeWallet();
    const tokens = await signInWithEthereum(
      wallet.provider,
      wallet.account.address,
      call,
      "Sign in with your Ethereum account.",
    );
    expect(tokens.jwt.split(".")).toHaveLength(3);
    expect(tokens.refresh).toBeTruthy();

    const signed = wallet.asked.find((a) => a.method === "personal_sign")!;
    const message = parseSiweMessage(hexToString(signed.params![0] as Hex));
    expect(message).toMatchObject({
      domain: "localhost:4321",
      uri: "http://localhost:4321",
      address: wallet.account.address,
      chainId: 137,
      version: "1",
      statement: "Sign in with your Ethereum account.",
    });

    const me = await t.request({
      method: "GET",
      url: "/api/rbac/subjects/authentication/me",
      key: null,
      headers: { authorization: `Bearer ${tokens.jwt}` },
    });
    expect(me.body.data.identities).toEqual([
      expect.objectContaining({ provider: "ethereum_virtual_machine", account: wallet.account.address.toLowerCase() }),
    ]);
  });

  test("a signature from another key is refused with the server's message", async () => {
    const wallet = fakeWallet();
    const other = privateKeyToAccount(generatePrivateKey());
    const lying: Eip1193Provider = {
      request: async ({ method, params }) =>
        method === "personal_sign"
          ? other.signMessage({ message: hexToString((params as [Hex])[0]) })
          : wallet.provider.request({ method, params }),
    };
    await expect(signInWithEthereum(lying, wallet.account.address, call, "Sign in.")).rejects.toMatchObject({
      status: 401,
    });
  });

  test("a wallet that declines to sign fails the attempt (the screen then disconnects and logs out)", async () => {
    const declining: Eip1193Provider = {
      request: async ({ method }) => {
        if (method === "eth_chainId") return "0x1";
        throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      },
    };
    await expect(
      signInWithEthereum(declining, privateKeyToAccount(generatePrivateKey()).address, call, "Sign in."),
    ).rejects.toThrow("User rejected the request.");
  });

  test("only one sign attempt at once: a second click joins the first", async () => {
    const wallet = fakeWallet();
    const [a, b] = await Promise.all([
      signInOnce(wallet.provider, wallet.account.address, call, "Sign in."),
      signInOnce(wallet.provider, wallet.account.address, call, "Sign in."),
    ]);
    expect(a).toBe(b);
    expect(wallet.asked.filter((x) => x.method === "personal_sign")).toHaveLength(1);
    // Once settled, a new attempt may run.
    await signInOnce(wallet.provider, wallet.account.address, call, "Sign in.");
    expect(wallet.asked.filter((x) => x.method === "personal_sign")).toHaveLength(2);
  });
});

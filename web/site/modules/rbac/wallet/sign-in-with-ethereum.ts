import { createSiweMessage } from "viem/siwe";
import type { CallOptions } from "../../../../api/client.js";
import type { SessionTokens } from "../../../session/types.js";
import { EVM_API } from "../routes.js";
import { utf8Hex, type Eip1193Provider } from "./eip1193.js";

type Call = <T>(path: string, options?: CallOptions) => Promise<T>;

interface Nonce {
  nonce: string;
  expiresAt: string;
  domain: string;
  uri: string;
}

/**
 * Sign-In with Ethereum (EIP-4361) as server/modules/rbac/wallet-sign-in.ts checks it: a nonce
 * from the server, the server's domain and uri, the signing address, an expiry no later than the
 * nonce's; the wallet signs with personal_sign and the server answers with a session.
 */
export async function signInWithEthereum(
  provider: Eip1193Provider,
  address: string,
  call: Call,
  statement: string,
): Promise<SessionTokens> {
  const nonce = await call<Nonce>(`${EVM_API}/nonce`);
  const chainId = Number.parseInt(String(await provider.request({ method: "eth_chainId" })), 16);
  const message = createSiweMessage({
    address: address as `0x${string}`,
    chainId: Number.isFinite(chainId) ? chainId : 1,
    domain: nonce.domain,
    uri: nonce.uri,
    nonce: nonce.nonce,
    version: "1",
    statement,
    issuedAt: new Date(),
    expirationTime: new Date(nonce.expiresAt),
  });
  const signature = await provider.request({ method: "personal_sign", params: [utf8Hex(message), address] });
  if (typeof signature !== "string") throw new Error("the wallet returned no signature");
  return call<SessionTokens>(EVM_API, { method: "POST", body: { message, signature, address }, raw: true });
}

let running: Promise<SessionTokens> | undefined;

/** Only one sign attempt runs at once: a second click joins the first. */
export function signInOnce(...args: Parameters<typeof signInWithEthereum>): Promise<SessionTokens> {
  running ??= signInWithEthereum(...args).finally(() => {
    running = undefined;
  });
  return running;
}

/** The part of an EIP-1193 provider (window.ethereum) the wallet sign-in uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: "accountsChanged", listener: (accounts: string[]) => void): void;
  removeListener?(event: "accountsChanged", listener: (accounts: string[]) => void): void;
}

/** The browser's injected wallet, if an extension put one there. */
export function injectedProvider(): Eip1193Provider | undefined {
  if (typeof window === "undefined") return undefined;
  const provider = (window as { ethereum?: Eip1193Provider }).ethereum;
  return provider && typeof provider.request === "function" ? provider : undefined;
}

export async function accountsOf(
  provider: Eip1193Provider,
  method: "eth_accounts" | "eth_requestAccounts",
): Promise<string[]> {
  const accounts = await provider.request({ method });
  return Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === "string") : [];
}

/** personal_sign takes the message as hex of its UTF-8 bytes. */
export function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

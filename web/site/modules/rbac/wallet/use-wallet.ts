import { useCallback, useEffect, useState } from "react";
import { WALLET_PROVIDER, type Subject } from "../../../session/types.js";
import { accountsOf, injectedProvider, type Eip1193Provider } from "./eip1193.js";

export interface Wallet {
  /** undefined until the browser was checked (server render, hydration); null: no wallet extension. */
  provider: Eip1193Provider | null | undefined;
  /** The connected address, if any. */
  address: string | undefined;
  /** Asks the wallet for an account (its permission prompt); undefined when it gives none. */
  connect(): Promise<string | undefined>;
  disconnect(): void;
}

const owns = (subject: Subject | undefined, address: string) =>
  !!subject?.identities.some(
    (i) => i.provider === WALLET_PROVIDER && i.account?.toLowerCase() === address.toLowerCase(),
  );

/**
 * The browser wallet as the sign-in screen sees it. An account the wallet already exposes counts
 * as connected only when it is the signed-in subject's own wallet, so opening the page never
 * asks for a signature by itself.
 */
export function useWallet(subject: Subject | undefined): Wallet {
  const [provider, setProvider] = useState<Eip1193Provider | null | undefined>(undefined);
  const [address, setAddress] = useState<string>();

  useEffect(() => setProvider(injectedProvider() ?? null), []);

  useEffect(() => {
    if (!provider || !subject) return;
    let live = true;
    accountsOf(provider, "eth_accounts")
      .then(([account]) => {
        if (live && account && owns(subject, account)) setAddress(account);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [provider, subject]);

  // Switching accounts in the wallet disconnects the one this page signed in with.
  useEffect(() => {
    if (!provider?.on) return;
    const changed = (accounts: string[]) =>
      setAddress((current) => (current && accounts[0]?.toLowerCase() === current.toLowerCase() ? current : undefined));
    provider.on("accountsChanged", changed);
    return () => provider.removeListener?.("accountsChanged", changed);
  }, [provider]);

  const connect = useCallback(async () => {
    if (!provider) return undefined;
    const [account] = await accountsOf(provider, "eth_requestAccounts");
    setAddress(account);
    return account;
  }, [provider]);

  const disconnect = useCallback(() => {
    setAddress(undefined);
    // EIP-2255 revocation where the wallet supports it, so the next connect asks again.
    provider?.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }).catch(() => {});
  }, [provider]);

  return { provider, address, connect, disconnect };
}

export { owns as ownsWallet };

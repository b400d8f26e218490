import { Button } from "@mantine/core";
import { Stack, Text } from "../../../render/primitives.js";
import { useState } from "react";
import { api } from "../../../../api/client.js";
import { useSession } from "../../../session/use-session.js";
import { HOME, goTo } from "../routes.js";
import { showError } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { ownsWallet, useWallet } from "./use-wallet.js";
import { WalletButton } from "./wallet-button.js";

/** The wallet gave no account. */
class NoAccount extends Error {}

/**
 * Ethereum sign-in: the wallet button, then Login (connect and sign) or, with a wallet connected,
 * Logout. Connecting a wallet the subject has no identity for signs a SIWE message and signs in;
 * any failure disconnects the wallet and logs out.
 */
export function WalletLogin() {
  const { t, href } = useRbac();
  const { state, store } = useSession();
  const subject = state.status === "signed-in" ? state.subject : undefined;
  const wallet = useWallet(subject);
  const [pending, setPending] = useState(false);

  const login = async () => {
    if (pending || !wallet.provider) return;
    setPending(true);
    try {
      const address = await wallet.connect();
      if (!address) throw new NoAccount();
      if (ownsWallet(subject, address)) return;
      // Loaded on first use: the SIWE formatter (viem) stays out of every other page's bundle.
      const { signInOnce } = await import("./sign-in-with-ethereum.js");
      const tokens = await signInOnce(wallet.provider, address, api, t("walletStatement"));
      await store.signedIn(tokens);
      goTo(href(HOME));
    } catch (error) {
      if (error instanceof NoAccount) showError(t("noAccountFound"));
      else showError(error, t("errorOccurred"));
      wallet.disconnect();
      if (store.getSnapshot().status === "signed-in") await store.logout();
    } finally {
      setPending(false);
    }
  };

  const logout = async () => {
    setPending(true);
    wallet.disconnect();
    await store.logout(href(HOME));
  };

  return (
    <Stack gap="sm">
      <WalletButton wallet={wallet} pending={pending} onConnect={() => void login()} />
      {pending && wallet.address && (
        <Text size="xs" c="dimmed" ta="center">
          {t("signingMessage")}
        </Text>
      )}
      {wallet.address ? (
        <Button fullWidth loading={pending} onClick={() => void logout()}>
          {t("logout")}
        </Button>
      ) : (
        <Button fullWidth loading={pending} disabled={!wallet.provider} onClick={() => void login()}>
          {t("login")}
        </Button>
      )}
    </Stack>
  );
}

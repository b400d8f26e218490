import { Button } from "@mantine/core";
import { Stack, Text } from "../../../render/primitives.js";
import { shortAddress } from "../subject-label.js";
import { useRbac } from "../use-rbac.js";
import type { Wallet } from "./use-wallet.js";

/**
 * 'Connect Wallet' when no wallet is connected, the short address when one is; without a wallet
 * extension it says one is needed and links to a list of wallets.
 */
export function WalletButton({
  wallet,
  pending,
  onConnect,
}: {
  wallet: Wallet;
  pending: boolean;
  onConnect: () => void;
}) {
  const { t } = useRbac();
  if (wallet.provider === null) {
    return (
      <Stack gap={4}>
        <Button
          component="a"
          href="https://ethereum.org/wallets/find-wallet/"
          target="_blank"
          rel="noreferrer"
          variant="default"
          fullWidth
        >
          {t("walletNeeded")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("walletNeededText")}
        </Text>
      </Stack>
    );
  }
  if (wallet.address) {
    return (
      <Button variant="light" fullWidth title={wallet.address} aria-label={`${t("walletAddress")}: ${wallet.address}`}>
        {shortAddress(wallet.address)}
      </Button>
    );
  }
  return (
    <Button variant="default" fullWidth loading={pending} disabled={!wallet.provider} onClick={onConnect}>
      {t("connectWallet")}
    </Button>
  );
}

import { Divider, SegmentedControl } from "@mantine/core";
import { Text } from "../../render/primitives.js";
import { useState } from "react";
import type { VariantProps } from "../../variant-types.js";
import { useSession } from "../../session/use-session.js";
import { AuthCard } from "./auth-card.js";
import { EmailLoginForm } from "./email-login-form.js";
import { SignedInNotice } from "./signed-in-notice.js";
import { useRbac } from "./use-rbac.js";
import { WalletLogin } from "./wallet/wallet-login.js";
import { PasskeySignInButton } from "./passkeys/passkey-sign-in-button.js";
import { SsoSignInButton, useSsoReturn } from "./single-sign-on/sso-sign-in.js";

type Method = "email" | "evm";

/**
 * The login card (/rbac/subject/authentication/select-method): email and password by default, a
 * toggle to Ethereum sign-in. A subject signed in without any identity (a session from
 * authentication/init) sees the same method choice; one with identities is told who they are.
 */
export function SelectMethodDefault({ record }: VariantProps) {
  const { t } = useRbac();
  const { state } = useSession();
  const [method, setMethod] = useState<Method>("email");
  useSsoReturn();

  if (state.status === "signed-in" && state.subject.identities.length > 0) {
    return (
      <AuthCard record={record}>
        <SignedInNotice subject={state.subject} />
      </AuthCard>
    );
  }
  return (
    <AuthCard record={record}>
      {state.status === "signed-in" && (
        <Text size="sm" c="dimmed">
          {t("chooseMethod")}
        </Text>
      )}
      {method === "email" ? <EmailLoginForm /> : <WalletLogin />}
      <PasskeySignInButton />
      <SsoSignInButton />
      <Divider label={t("orContinueWith")} labelPosition="center" />
      <SegmentedControl
        fullWidth
        aria-label={t("signInMethod")}
        value={method}
        onChange={(value) => setMethod(value as Method)}
        data={[
          { value: "email", label: t("methodEmail") },
          { value: "evm", label: <span title={t("methodEvmTitle")}>{t("methodEvm")}</span> },
        ]}
      />
    </AuthCard>
  );
}

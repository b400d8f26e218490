import { Button } from "@mantine/core";
import { ApiError } from "../../../../api/client.js";
import { PasskeyCancelled, secondStepWithPasskey } from "../../../../api/passkeys.js";
import type { SessionTokens } from "../../../session/types.js";
import { showError, useAction } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { passkeyTexts } from "./passkey-strings.js";

/**
 * On the code step of a password sign-in: "Use a passkey instead" — one of the account's passkeys
 * answers the second step (docs/security.md "Passkeys"), and the sign-in goes on as after a code.
 */
export function PasskeySecondStep({
  token,
  onSignedIn,
}: {
  token: string;
  onSignedIn(tokens: SessionTokens): Promise<void>;
}) {
  const { language } = useRbac();
  const t = passkeyTexts(language);
  const { pending, act } = useAction(async () => {
    if (typeof window.PublicKeyCredential !== "function") return showError(t("passkeyUnsupported"));
    try {
      await onSignedIn(await secondStepWithPasskey(token));
    } catch (error) {
      if (error instanceof PasskeyCancelled) return showError(t("passkeyCancelled"));
      if (error instanceof ApiError && error.status === 409) return showError(t("noPasskeyForStep"));
      throw error;
    }
  });
  return (
    <Button variant="default" fullWidth loading={pending} onClick={() => void act()} data-passkey-second-step>
      {t("usePasskeyInstead")}
    </Button>
  );
}

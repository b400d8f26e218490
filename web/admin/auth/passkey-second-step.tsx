import { Button } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../api/client.js";
import { PasskeyCancelled, secondStepWithPasskey } from "../../api/passkeys.js";
import { notifyError } from "../notify.js";
import { passkeyTexts } from "./passkey-texts.js";

/**
 * On the admin sign-in's code step: "Use a passkey instead" — one of the account's passkeys answers
 * the second step and the server sets the session cookies, as after a code.
 */
export function PasskeySecondStep({ token, onSignedIn }: { token: string; onSignedIn(): Promise<void> }) {
  const t = passkeyTexts();
  const [pending, setPending] = useState(false);
  const answer = async () => {
    setPending(true);
    try {
      if (typeof window.PublicKeyCredential !== "function") throw new Error(t.unsupported);
      await secondStepWithPasskey(token);
      await onSignedIn();
    } catch (error) {
      const said =
        error instanceof PasskeyCancelled
          ? new Error(t.cancelled)
          : error instanceof ApiError && error.status === 409
            ? new Error(t.noPasskey)
            : error;
      notifyError(said);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="default" fullWidth loading={pending} onClick={() => void answer()} data-passkey-second-step>
      {t.instead}
    </Button>
  );
}

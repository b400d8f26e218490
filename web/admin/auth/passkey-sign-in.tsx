import { Button, Divider } from "@mantine/core";
import { useState } from "react";
import { PasskeyCancelled, signInWithPasskey } from "../../api/passkeys.js";
import { notifyError } from "../notify.js";
import { passkeyTexts } from "./passkey-texts.js";

/**
 * "Sign in with a passkey" under the admin's password form: the server sets the same HttpOnly
 * session and refresh cookies as the password sign-in, then the screen goes on as after it.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn(): Promise<void> }) {
  const t = passkeyTexts();
  const [pending, setPending] = useState(false);
  const signIn = async () => {
    setPending(true);
    try {
      if (typeof window.PublicKeyCredential !== "function") throw new Error(t.unsupported);
      await signInWithPasskey();
      await onSignedIn();
    } catch (error) {
      notifyError(error instanceof PasskeyCancelled ? new Error(t.cancelled) : error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Divider label={t.or} labelPosition="center" />
      <Button variant="default" fullWidth loading={pending} onClick={() => void signIn()} data-passkey-sign-in>
        {t.signIn}
      </Button>
    </>
  );
}

import { Button } from "@mantine/core";
import { PasskeyCancelled, signInWithPasskey } from "../../../../api/passkeys.js";
import { useSession } from "../../../session/use-session.js";
import { HOME, goTo } from "../routes.js";
import { SIGN_IN_REASONS, reasonIn } from "../sign-in-reason.js";
import { showError, useAction } from "../use-action.js";
import { useHydrated } from "../use-hydrated.js";
import { useRbac } from "../use-rbac.js";
import { passkeyTexts } from "./passkey-strings.js";

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site, and the one
 * picked signs in as its account; then home, or back where the sign-in was asked for, as the
 * email sign-in goes.
 */
export function PasskeySignInButton() {
  const { href, language } = useRbac();
  const t = passkeyTexts(language);
  const { store } = useSession();
  const hydrated = useHydrated();
  const { pending, act } = useAction(async () => {
    if (typeof window.PublicKeyCredential !== "function") return showError(t("passkeyUnsupported"));
    try {
      await store.signedIn(await signInWithPasskey());
    } catch (error) {
      if (error instanceof PasskeyCancelled) return showError(t("passkeyCancelled"));
      throw error;
    }
    const reason = reasonIn(window.location.search);
    goTo(href(reason ? SIGN_IN_REASONS[reason].back : HOME));
  });
  return (
    <Button
      variant="default"
      fullWidth
      loading={pending}
      disabled={!hydrated}
      onClick={() => void act()}
      data-passkey-sign-in
    >
      {t("signInWithPasskey")}
    </Button>
  );
}

import { Button } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { api } from "../../../../api/client.js";
import { SsoRefusalAlert } from "../../../../ui/single-sign-on/sso-refusal.js";
import { ssoTexts } from "../../../../ui/single-sign-on/texts.js";
import { ssoStartUrl, useSingleSignOn } from "../../../../ui/single-sign-on/use-single-sign-on.js";
import type { SessionTokens } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { AUTH_API, HOME, goTo } from "../routes.js";
import { SIGN_IN_REASONS, reasonIn } from "../sign-in-reason.js";
import { showError } from "../use-action.js";
import { useRbac } from "../use-rbac.js";

/** The query the provider's round trip comes back to the sign-in page with. */
const RETURNED = "sso=done";

/**
 * "Sign in with …" on the sign-in card, when the server has single sign-on: the browser goes to
 * the provider and comes back to this page (keeping `?reason=`), signed in by the server's cookies.
 */
export function SsoSignInButton() {
  const { language } = useRbac();
  const status = useSingleSignOn();
  const [returnTo, setReturnTo] = useState<string>();
  // Read in the browser: the cached page knows no query string.
  useEffect(() => {
    const reason = reasonIn(window.location.search);
    setReturnTo(`${window.location.pathname}?${RETURNED}${reason ? `&reason=${reason}` : ""}`);
  }, []);
  if (!status?.enabled || !returnTo) return null;
  return (
    <>
      <SsoRefusalAlert language={language} name={status.name} />
      <Button component="a" href={ssoStartUrl(returnTo)} variant="default" fullWidth data-sso-sign-in>
        {ssoTexts(language, status.name)("signInWith")}
      </Button>
    </>
  );
}

/**
 * Back from the provider (`?sso=done`): the server set the session and refresh cookies, but the
 * site keeps its refresh token in storage (session/token-storage.ts), so it spends the refresh
 * cookie once for the tokens, then goes on as the other sign-ins do: home, or where the sign-in was asked for.
 */
export function useSsoReturn() {
  const { href } = useRbac();
  const { store } = useSession();
  // Once per page load: the refresh cookie is spent by it (a second try would present a spent token).
  const done = useRef(false);
  useEffect(() => {
    const search = window.location.search;
    if (done.current || !new URLSearchParams(search).has("sso")) return;
    done.current = true;
    void (async () => {
      const tokens = await api<SessionTokens>(`${AUTH_API}/refresh`, { method: "POST", body: {}, raw: true });
      await store.signedIn(tokens);
      const reason = reasonIn(search);
      goTo(href(reason ? SIGN_IN_REASONS[reason].back : HOME));
    })().catch((error) => showError(error));
  }, [store, href]);
}

import { adminLanguage } from "../admin-language.js";
import { Button } from "@mantine/core";
import { SsoRefusalAlert } from "../../ui/single-sign-on/sso-refusal.js";
import { ssoTexts } from "../../ui/single-sign-on/texts.js";
import { ssoStartUrl, useSingleSignOn } from "../../ui/single-sign-on/use-single-sign-on.js";

/**
 * "Sign in with …" on the admin's sign-in screen, when the server has single sign-on: the
 * provider sends the browser back to this address signed in (the session and refresh cookies are
 * all the admin needs), and the screen then loads the session as after any sign-in.
 */
export function SsoSignInButton() {
  const status = useSingleSignOn();
  if (!status?.enabled) return null;
  const language = adminLanguage();
  return (
    <>
      <SsoRefusalAlert language={language} name={status.name} />
      <Button
        component="a"
        href={ssoStartUrl(`${window.location.pathname}${window.location.search}`)}
        variant="default"
        fullWidth
        data-sso-sign-in
      >
        {ssoTexts(language, status.name)("signInWith")}
      </Button>
    </>
  );
}

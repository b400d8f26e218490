import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { type SsoTextKey, ssoTexts } from "./texts.js";

/** The query a refused single sign-on comes back with (the server's refused-return.ts). */
const PARAM = "sso-error";
const REFUSALS: Record<string, SsoTextKey> = {
  failed: "refusedFailed",
  taken: "refusedTaken",
  unverified: "refusedUnverified",
  unavailable: "refusedUnavailable",
};

/**
 * Why the provider's round trip came back without signing in, read once from the address (then
 * taken out of it, so a reload does not say it again); undefined when it did not.
 */
function useRefusal(): SsoTextKey | undefined {
  const [refusal, setRefusal] = useState<SsoTextKey>();
  useEffect(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get(PARAM);
    if (value === null) return;
    setRefusal(REFUSALS[value] ?? "refusedFailed");
    url.searchParams.delete(PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return refusal;
}

/** Says, in the screen's language, why single sign-on did not sign in, when the browser was sent back refused. */
export function SsoRefusalAlert({ language, name }: { language: string; name: string | null | undefined }) {
  const refusal = useRefusal();
  if (!refusal) return null;
  const t = ssoTexts(language, name);
  return (
    <Alert color="red" title={t("refusedTitle")} role="alert" data-sso-refused>
      {t(refusal)}
    </Alert>
  );
}

import { useEffect, useState } from "react";
import { api } from "../../api/client.js";

export const SSO_API = "/api/rbac/subjects/authentication/openid-connect";

/** What GET …/openid-connect answers: whether single sign-on is set up, and the provider's name (OIDC_NAME). */
export interface SingleSignOnStatus {
  enabled: boolean;
  name: string | null;
}

/** The start route: the browser goes to the provider and comes back signed in to `returnTo`, a path of this site. */
export const ssoStartUrl = (returnTo: string) => `${SSO_API}/start?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * Whether to offer single sign-on, asked once the page runs in the browser (a cached page holds
 * nothing the settings could change); undefined until answered, and when the question fails.
 */
export function useSingleSignOn(): SingleSignOnStatus | undefined {
  const [status, setStatus] = useState<SingleSignOnStatus>();
  useEffect(() => {
    let live = true;
    api<SingleSignOnStatus>(SSO_API)
      .then((answer) => live && setStatus(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return status;
}

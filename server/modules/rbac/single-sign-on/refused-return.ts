import type { FastifyRequest } from "fastify";
import type { AppError } from "../../../../engine/errors.js";
import { isSameSitePath } from "../../../security/same-site-path.js";

/**
 * Why a single sign-on came back refused, in the words a screen can say in its own language
 * (web/ui/single-sign-on/texts.ts): the flow is gone or the provider refused (`failed`), the
 * provider account or its email belongs to another account here (`taken`), the provider has not
 * verified an email an account here uses (`unverified`), or the provider cannot be reached.
 */
export type SsoRefusal = "failed" | "taken" | "unverified" | "unavailable";

export const SSO_ERROR_PARAM = "sso-error";

export function refusalOf(error: AppError): SsoRefusal {
  switch (error.code) {
    case "AUTHENTICATION_ERROR":
    case "VALIDATION_ERROR":
      return "failed";
    case "CONFLICT":
      return "taken";
    case "PERMISSION_ERROR":
      return "unverified";
    default:
      return "unavailable";
  }
}

/**
 * A browser's navigation asks for a page (`Accept: text/html`): a refused callback then sends it
 * back to the screen it started from, which says why, rather than leaving it on a JSON body. API
 * clients (and the protocol tests) keep the error body and its status.
 */
export const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/html");

/**
 * The path to send a refused browser to: the flow's return path (from the cookie set when it
 * began, since a refused flow may be unknown here), without the `sso` mark of a finished sign-in
 * and with `sso-error` saying why; "/" when that path is missing or not of this site.
 */
export function refusedReturnPath(returnTo: string | undefined, refusal: SsoRefusal): string {
  const path = returnTo && isSameSitePath(returnTo) ? returnTo : "/";
  const url = new URL(path, "http://this.site");
  url.searchParams.delete("sso");
  url.searchParams.set(SSO_ERROR_PARAM, refusal);
  return `${url.pathname}${url.search}`;
}

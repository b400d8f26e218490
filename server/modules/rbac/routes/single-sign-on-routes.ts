import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance, FastifyReply } from "fastify";
import { AppError, validationError } from "../../../../engine/errors.js";
import { clearCookie, cookieOf, setCookie } from "../../../plugins/cookies.js";
import { isSameSitePath } from "../../../security/same-site-path.js";
import { inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { confirmOwner } from "../accounts/owner-proof.js";
import type { RbacServices } from "../rbac-services.js";
import { FLOW_TTL_MS } from "../single-sign-on/flows.js";
import { SSO_BASE, SSO_CALLBACK } from "../single-sign-on/paths.js";
import { refusalOf, refusedReturnPath, wantsPage } from "../single-sign-on/refused-return.js";
import { signInSession } from "../devices/sign-in-session.js";
import { signedInSubject } from "./current-subject.js";
import { RBAC, authRoute } from "./limits.js";

/**
 * The browser's half of a flow: HttpOnly, sent only to the callback, and SameSite=Lax because
 * the provider sends the browser back with a cross-site navigation (Strict would withhold it).
 */
export const SSO_COOKIE = "rbac.sso";
/** The flow's return path, kept beside it: a refused callback sends the browser back there to say why. */
export const SSO_RETURN_COOKIE = "rbac.sso-return";

const RETURN_TO = { type: "string", minLength: 1, maxLength: 2048 } as const;
const startQuery = inputSchema<{ returnTo?: string }>({ properties: { returnTo: RETURN_TO } });
const linkBody = inputSchema<{ returnTo?: string; currentPassword?: string }>({
  properties: { returnTo: RETURN_TO, currentPassword: { type: "string", maxLength: 1024 } },
});
// The provider may add parameters of its own (session_state, scope): openid-client reads what counts.
const callbackQuery = inputSchema<{ state: string }>({
  properties: { state: { type: "string", minLength: 1, maxLength: 512 } },
  required: ["state"],
  additionalProperties: { type: "string", maxLength: 4096 },
});

/** A path of this site to come back to ("/" when none), else a 400: a flow never ends on another site. */
function returnPath(value: string | undefined): string {
  if (value === undefined) return "/";
  if (!isSameSitePath(value))
    throw validationError("/returnTo must be a path of this site", [
      { path: "/returnTo", message: "must be a path of this site" },
    ]);
  return value;
}

/** Single sign-on with OpenID Connect (docs/security.md "Single sign-on"); 404s while OIDC_ISSUER is unset. */
export function registerSingleSignOnRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { config, sessions } = rbac;
  const sso = () => {
    if (!rbac.singleSignOn)
      throw new AppError("NOT_FOUND", "single sign-on is not set up on this site (OIDC_ISSUER is unset)");
    return rbac.singleSignOn;
  };
  const keepBinding = (reply: FastifyReply, binding: string, returnTo: string) => {
    const kept: [string, string][] = [
      [SSO_COOKIE, binding],
      [SSO_RETURN_COOKIE, returnTo],
    ];
    for (const [name, value] of kept)
      setCookie(reply, {
        name,
        value,
        path: SSO_CALLBACK,
        httpOnly: true,
        sameSite: "lax",
        secure: config.production,
        maxAge: FLOW_TTL_MS / 1000,
      });
  };

  defineRoute(
    app,
    {
      method: "GET",
      url: SSO_BASE,
      ...RBAC,
      summary: "Whether single sign-on is set up, and the provider's name for its button (null: the page's own words)",
    },
    async () => ({
      data: rbac.singleSignOn
        ? { enabled: true, name: rbac.singleSignOn.settings.name ?? null }
        : { enabled: false, name: null },
    }),
  );

  const start = {
    method: "GET",
    url: `${SSO_BASE}/start`,
    ...authRoute(config),
    summary:
      "Send the browser to the single sign-on provider; it comes back to `returnTo` (a path of this site) signed in",
    query: startQuery,
    available: () => void sso(),
  } as const;
  defineRoute(app, start, async ({ query }, _request, reply) => {
    const returnTo = returnPath(query.returnTo);
    const { url, binding } = await sso().begin(returnTo);
    keepBinding(reply, binding, returnTo);
    return reply.redirect(url, 302);
  });

  const link = {
    method: "POST",
    url: `${SSO_BASE}/link`,
    ...authRoute(config),
    summary:
      "Link single sign-on to the signed-in subject (`currentPassword`, or a sign-in of the last ten minutes): answers the provider's URL to open",
    body: linkBody,
    bodyOptional: true,
    bareBody: true,
    available: () => void sso(),
  } as const;
  defineRoute(app, link, async ({ body }, request, reply) => {
    const subjectId = signedInSubject(request);
    const returnTo = returnPath(body.returnTo);
    // A stolen session must not add the thief's provider account as a way in (owner-proof.ts).
    await confirmOwner(rbac.db, subjectId, body.currentPassword, request.sessionFamilyId, {
      recentSignInSuffices: true,
    });
    const { url, binding } = await sso().begin(returnTo, subjectId);
    keepBinding(reply, binding, returnTo);
    return { data: { url } };
  });

  const callback = {
    method: "GET",
    url: SSO_CALLBACK,
    ...authRoute(config),
    summary:
      "Where the provider sends the browser back: signs in (or links) and redirects to the flow's return path; refused, a browser (Accept: text/html) is sent there with `sso-error`, an API client gets the error",
    query: callbackQuery,
    available: () => void sso(),
  } as const;
  defineRoute(app, callback, async ({ query }, request, reply) => {
    const single = sso();
    const search = request.raw.url?.split("?")[1] ?? "";
    const callbackUrl = new URL(`${single.provider.redirectUri}?${search}`);
    clearCookie(reply, SSO_COOKIE, SSO_CALLBACK);
    clearCookie(reply, SSO_RETURN_COOKIE, SSO_CALLBACK);
    const finished = await attemptSignIn(app.audit, rbac.db, "single-sign-on", () =>
      single.finish(callbackUrl, query.state, cookieOf(request, SSO_COOKIE)),
    ).catch((error) => {
      if (!(error instanceof AppError) || !wantsPage(request)) throw error;
      request.log.info({ code: error.code, reason: error.message }, "single sign-on refused");
      return { refused: refusedReturnPath(cookieOf(request, SSO_RETURN_COOKIE), refusalOf(error)) };
    });
    // A browser is sent back to the screen it began on, which says why in its language.
    if ("refused" in finished) return reply.redirect(finished.refused, 303);
    if (!finished.linked) {
      // As with the other sign-ins: a guest's cart joins the account's (guest-handover.ts).
      const guest = request.caller.kind === "subject" ? request.caller.subjectId : undefined;
      await rbac.guests.run(guest, finished.subjectId);
      // Recorded with its device, and a new device mailed, as the other sign-ins do (sign-in-session.ts).
      sessions.setCookie(reply, await signInSession(rbac, request, finished.subjectId, "single-sign-on"));
    }
    return reply.redirect(finished.returnTo, 302);
  });
}

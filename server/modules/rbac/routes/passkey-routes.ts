import { attemptSignIn } from "../sign-in-audit.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { signedInSubject } from "./current-subject.js";
import { defineRoute } from "../../route.js";
import { confirmOwner } from "../accounts/owner-proof.js";
import { signInSession } from "../devices/sign-in-session.js";
import { createPasskeys } from "../passkeys/index.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { RBAC, authRoute } from "./limits.js";
import { registerPasskeySecondFactorRoutes } from "./passkey-second-factor-routes.js";
import {
  passkeyParams,
  registrationBody,
  registrationOptionsBody,
  renameBody,
  signInBody,
  noInput,
  subjectParams,
} from "./passkey-inputs.js";

const PASSKEYS = "/api/rbac/subjects/:id/passkeys";

/**
 * Passkeys (WebAuthn): a subject's own list, registration, rename and removal under
 * /api/rbac/subjects/{id}/passkeys, and sign-in with a passkey alone under authentication/passkey.
 */
export function registerPasskeyRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { sessions, config } = rbac;
  const passkeys = createPasskeys(rbac.db, config, app.audit);
  const limited = authRoute(config);

  /** A passkey is made by the person holding it, signed in as the subject: an admin cannot add one to another's account. */
  function ownSubject(request: FastifyRequest, { params }: { params: { id: string } }) {
    // The secret key is no one: like a visitor, it is told to sign in (as on the other routes about the caller's own subject).
    if (signedInSubject(request) !== params.id)
      throw new AppError("PERMISSION_ERROR", "a passkey is registered by the subject itself, signed in");
  }

  defineRoute(
    app,
    {
      method: "GET",
      url: PASSKEYS,
      ...RBAC,
      summary: "A subject's passkeys (title, transports, createdAt, lastUsedAt)",
      params: subjectParams,
    },
    async ({ params: { id } }) => ({ data: await passkeys.records.list(id) }),
  );

  const options = {
    method: "POST",
    url: `${PASSKEYS}/options`,
    ...limited,
    summary:
      "Options for navigator.credentials.create() with a single-use challenge (5 minutes) for this subject; needs `currentPassword` unless the session signed in within ten minutes",
    params: subjectParams,
    body: registrationOptionsBody,
    bodyOptional: true,
    authorize: ownSubject,
  } as const;
  defineRoute(app, options, async ({ params: { id }, body: { currentPassword } }, request) => {
    await confirmOwner(rbac.db, id, currentPassword, request.sessionFamilyId, { recentSignInSuffices: true });
    const userName = (await rbac.subjects.emailOf(id)) ?? id;
    return { data: await passkeys.registration.options(id, userName) };
  });

  const register = {
    method: "POST",
    url: PASSKEYS,
    ...limited,
    summary:
      "Register a passkey: the browser's `credential` (RegistrationResponseJSON) answering this subject's challenge, and a `title`",
    params: subjectParams,
    body: registrationBody,
    status: 201,
    authorize: ownSubject,
  } as const;
  defineRoute(app, register, async ({ params: { id }, body: { credential, title } }, _request, reply) => {
    const passkey = await passkeys.registration.verify(id, credential, title.trim());
    return reply.status(201).send({ data: passkey });
  });

  defineRoute(
    app,
    {
      method: "PATCH",
      url: `${PASSKEYS}/:passkeyId`,
      ...RBAC,
      summary: "Rename a passkey (`title`)",
      params: passkeyParams,
      body: renameBody,
    },
    async ({ params: { id, passkeyId }, body: { title } }) => ({
      data: await passkeys.records.rename(id, passkeyId, title.trim()),
    }),
  );

  defineRoute(
    app,
    { method: "DELETE", url: `${PASSKEYS}/:passkeyId`, ...RBAC, summary: "Remove a passkey", params: passkeyParams },
    async ({ params: { id, passkeyId } }) => ({ data: await passkeys.records.remove(id, passkeyId) }),
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: `${AUTH}/passkey/options`,
      ...limited,
      summary:
        "Options for navigator.credentials.get() with a single-use challenge (5 minutes); no allowCredentials: any passkey of this site",
      // Nothing to send; an empty body in any form is read alike.
      body: noInput,
      bodyOptional: true,
    },
    async () => ({ data: await passkeys.signIn.options() }),
  );

  const signIn = {
    method: "POST",
    url: `${AUTH}/passkey`,
    ...limited,
    summary:
      "Sign in with a passkey: the browser's `credential` (AuthenticationResponseJSON); answers as the email sign-in does",
    body: signInBody,
  } as const;
  registerPasskeySecondFactorRoutes(app, rbac, passkeys);

  defineRoute(app, signIn, async ({ body: { credential } }, request, reply) => {
    const subjectId = await attemptSignIn(app.audit, rbac.db, "passkey", () => passkeys.signIn.verify(credential));
    // As with email sign-in: the guest's cart joins the account's (guest-handover.ts), the device is recorded (and mailed when new).
    await rbac.guests.run(request.caller.kind === "subject" ? request.caller.subjectId : undefined, subjectId);
    const session = await signInSession(rbac, request, subjectId, "passkey");
    sessions.setCookie(reply, session);
    return { data: session };
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../../engine/errors.js";
import { EMAIL, PASSWORD, UUID, inputSchema, objectInput } from "../../input.js";
import { defineRoute } from "../../route.js";
import { EMAIL_PROVIDER, findById, normalizeEmail } from "../accounts/identity-store.js";
import { deleteIdentity } from "../accounts/delete-identity.js";
import { confirmOwner, type OwnerProofOptions } from "../accounts/owner-proof.js";
import { identitiesOf, identityIdsOf } from "../accounts/subjects.js";
import type { RbacServices } from "../rbac-services.js";
import { signedInSubject } from "./current-subject.js";
import { RBAC, authRoute } from "./limits.js";
import { SIGNED_MESSAGE_PROPERTIES, WALLET_PROVIDER_NAME } from "./wallet-routes.js";
import { deviceOf } from "../devices/device.js";
import { requestOwnEmailChange } from "./email-change-routes.js";

const SUBJECTS = "/api/rbac/subjects";

/** The subject's password now, proving a change of sign-in methods is the owner's (see owner-proof.ts). */
const CURRENT_PASSWORD = { type: "string", maxLength: 256 };
const newIdentity = inputSchema<{ email: string; password: string; provider?: string; currentPassword?: string }>({
  properties: {
    email: EMAIL,
    password: PASSWORD,
    provider: { type: "string", enum: [EMAIL_PROVIDER], "x-message": "Invalid provider" },
    currentPassword: CURRENT_PASSWORD,
  },
  required: ["email", "password"],
});
/** Deleting needs the same proof as changing; an admin or the secret key sends none, so the body may be absent. */
const identityDeletion = inputSchema<{ currentPassword?: string }>({
  properties: { currentPassword: CURRENT_PASSWORD },
});
const emailChange = inputSchema<{ email: string; currentPassword?: string }>({
  properties: { email: EMAIL, currentPassword: CURRENT_PASSWORD },
  required: ["email"],
});
const passwordChange = inputSchema<{ password: string; newPassword: string }>({
  properties: { password: PASSWORD, newPassword: PASSWORD },
  required: ["password", "newPassword"],
});
/** The original client's wallet link: `{ message, provider: "ethereum-virtual-machine", signature, address }`. */
const walletLink = inputSchema<{
  message: string;
  signature: string;
  address?: string;
  provider: string;
  currentPassword?: string;
}>({
  properties: { ...SIGNED_MESSAGE_PROPERTIES, currentPassword: CURRENT_PASSWORD },
  required: ["message", "signature", "provider"],
});
/** What PATCH …/identities/{identityId} takes: an email change, or (the original client's) a password change; which one decides the checks. */
const identityUpdate = Object.assign(objectInput(), { schema: { oneOf: [emailChange.schema, passwordChange.schema] } });
/** What POST …/identities takes: an email identity, or (the original client's) a wallet link; which one decides the checks. */
const newIdentityOrWallet = Object.assign(objectInput(), {
  schema: { oneOf: [newIdentity.schema, walletLink.schema] },
});

const fieldOf = (input: unknown, name: string) =>
  input && typeof input === "object" ? (input as Record<string, unknown>)[name] : undefined;
/** Whichever of the three forms the body came in, does it carry a password change? */
const isPasswordChange = (input: unknown) =>
  fieldOf(input, "password") !== undefined || fieldOf(input, "newPassword") !== undefined;
const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const identityParams = inputSchema<{ id: string; identityId: string }>({
  properties: { id: UUID, identityId: { ...UUID, "x-message": "identityId is required" } },
  required: ["id", "identityId"],
});

/**
 * A subject's identities and passwords. The permission check has already limited a signed-in
 * subject to its own {id}; here the identity must also belong to that subject.
 */
export function registerIdentityRoutes(app: FastifyInstance, rbac: RbacServices) {
  const { accounts, authorizer } = rbac;
  // Routes that check a password are limited like sign-in: a stolen session cannot guess it fast.
  const limited = authRoute(rbac.config);
  const identities = app.repositories.get("rbac/identities")!;

  /** The subject itself must show its current password; an admin or the secret key acting on another subject need not. */
  async function confirmedOwner(
    request: FastifyRequest,
    subjectId: string,
    currentPassword: string | undefined,
    options?: OwnerProofOptions,
  ) {
    if (request.caller.kind === "subject" && request.caller.subjectId === subjectId) {
      await confirmOwner(rbac.db, subjectId, currentPassword, request.sessionFamilyId, options);
    }
  }
  const domain = new URL(rbac.config.publicUrl).host;

  async function ownedIdentity(subjectId: string, identityId: string) {
    if (!(await identityIdsOf(rbac.db, subjectId)).includes(identityId)) {
      throw new AppError("NOT_FOUND", `Identity ${identityId} of subject ${subjectId} was not found`);
    }
  }

  defineRoute(
    app,
    {
      method: "GET",
      url: `${SUBJECTS}/:id/identities`,
      ...RBAC,
      summary: "A subject's identities",
      params: subjectParams,
    },
    async ({ params: { id } }) => {
      return { data: await identitiesOf(rbac.db, identities, id) };
    },
  );

  const addition =
    "Add an email identity to a subject (with the subject's currentPassword), or link a wallet (`message`, `signature`, `address`, `provider: ethereum-virtual-machine`; currentPassword or a sign-in of the last ten minutes)";
  const addIdentity = {
    method: "POST",
    url: `${SUBJECTS}/:id/identities`,
    ...limited,
    summary: addition,
    params: subjectParams,
    body: newIdentityOrWallet,
    status: 201,
  } as const;
  defineRoute(app, addIdentity, async ({ params: { id }, body: input }, request, reply) => {
    if (fieldOf(input, "provider") === WALLET_PROVIDER_NAME) {
      const { currentPassword, ...signed } = walletLink(input);
      await app.repositories.get("rbac/subjects")!.get(id);
      await confirmedOwner(request, id, currentPassword, { recentSignInSuffices: true });
      return reply.status(201).send({ data: await rbac.wallets.link(id, signed, domain) });
    }
    const { email, password, currentPassword } = newIdentity(input);
    await app.repositories.get("rbac/subjects")!.get(id);
    await confirmedOwner(request, id, currentPassword);
    return reply.status(201).send({ data: await accounts.addEmailIdentity(id, email, password) });
  });

  // An email change, or the original client's password change through the same route. An email
  // change right after a sign-in needs no currentPassword (the original client sends none); later
  // it does, so a session token stolen later cannot move the account to the thief's email.
  const update =
    "Change an identity's email (`email`; currentPassword unless the session signed in within ten minutes) or password (`password`, `newPassword`)";
  const changeIdentity = {
    method: "PATCH",
    url: `${SUBJECTS}/:id/identities/:identityId`,
    ...limited,
    summary: update,
    params: identityParams,
    body: identityUpdate,
  } as const;
  defineRoute(app, changeIdentity, async ({ params: { id, identityId }, body: input }, request, reply) => {
    if (isPasswordChange(input)) {
      const { password, newPassword } = passwordChange(input);
      await ownedIdentity(id, identityId);
      await accounts.changePassword(identityId, password, newPassword);
      return changed(request, reply, id);
    }
    const { email, currentPassword } = emailChange(input);
    await ownedIdentity(id, identityId);
    await confirmedOwner(request, id, currentPassword, { recentSignInSuffices: true });
    // The subject's own change waits for the new address to confirm it; an admin's is made at once.
    if (request.caller.kind === "subject" && request.caller.subjectId === id)
      return requestOwnEmailChange(rbac, identities, id, identityId, email);
    return { data: await identities.update(identityId, { email: normalizeEmail(email) }).catch(renameTaken) };
  });

  // A stolen session must not remove the owner's way in either (a stolen token must not take the account over): the same
  // proof as a change, and never the last identity (409).
  const deletion = "Delete an identity (with the subject's currentPassword); the last one cannot be deleted";
  const deleteRoute = {
    method: "DELETE",
    url: `${SUBJECTS}/:id/identities/:identityId`,
    ...limited,
    summary: deletion,
    params: identityParams,
    body: identityDeletion,
    bodyOptional: true,
  } as const;
  defineRoute(app, deleteRoute, async ({ params: { id, identityId }, body: { currentPassword } }, request) => {
    await ownedIdentity(id, identityId);
    await confirmedOwner(request, id, currentPassword);
    return { data: await deleteIdentity(app.database, app.repositories, id, identityId) };
  });

  /**
   * A change revokes every session of the subject, the caller's own included. A subject changing
   * its own password (it has just shown the current one) gets a fresh session in the answer and
   * the cookie, as a sign-in would give it, so changing a password does not sign it out here; an
   * admin or the secret key changing someone else's gets none.
   */
  async function changed(request: FastifyRequest, reply: FastifyReply, subjectId: string | null | undefined) {
    const message = "Password changed";
    if (subjectId) rbac.notices.passwordChanged(subjectId);
    if (request.caller.kind !== "subject" || request.caller.subjectId !== subjectId) return { data: { message } };
    const session = await rbac.sessions.start(subjectId, deviceOf(request), "password-change");
    rbac.sessions.setCookie(reply, session);
    return { data: { message, ...session } };
  }

  const passwordChangeNote =
    "; the caller's own change answers a fresh session (jwt, refresh), every other session is revoked";
  const changePassword = { method: "PATCH", ...limited, body: passwordChange, bareBody: true } as const;
  const subjectSummary = `Change the password of the subject's email identity${passwordChangeNote}`;
  defineRoute(
    app,
    { ...changePassword, url: `${SUBJECTS}/:id/change-password`, summary: subjectSummary, params: subjectParams },
    async ({ params: { id }, body: { password, newPassword } }, request, reply) => {
      await accounts.changePassword(await accounts.emailIdentityOf(id), password, newPassword);
      return changed(request, reply, id);
    },
  );

  /**
   * The identity's owner, or a caller who may edit identities at all (admin, secret key). Anyone
   * else's identity is the same 404 as an unknown id, so its existence does not show.
   */
  async function mayChange(request: FastifyRequest, identityId: string) {
    const unknown = () => new AppError("NOT_FOUND", `Identity ${identityId} was not found`);
    const identity = await findById(rbac.db, identityId);
    if (!identity) throw unknown();
    const own = request.caller.kind === "subject" && identity.subjectId === request.caller.subjectId;
    if (!own && !(await authorizer.allows(request.caller, "PATCH", `/api/rbac/identities/${identityId}`)))
      throw unknown();
    return identity;
  }

  // The original system's documented singular paths, and the plural ones the original backend serves as well.
  for (const base of ["/api/rbac/identity", "/api/rbac/identities"]) {
    const identitySummary = `Change an identity's password${passwordChangeNote}`;
    defineRoute(
      app,
      { ...changePassword, url: `${base}/:id/change-password`, summary: identitySummary, params: subjectParams },
      async ({ params: { id }, body: { password, newPassword } }, request, reply) => {
        const identity = await mayChange(request, id);
        await accounts.changePassword(id, password, newPassword);
        return changed(request, reply, identity.subjectId);
      },
    );

    // create-by-email: an email identity for the signed-in subject.
    // Signed out is a 401 before a bad body's 400.
    const createByEmail = {
      method: "POST",
      url: `${base}/email-and-password`,
      ...limited,
      summary: "Add an email identity to the signed-in subject (with its currentPassword)",
      body: newIdentity,
      status: 201,
      authorize: signedInSubject,
    } as const;
    defineRoute(app, createByEmail, async ({ body: { email, password, currentPassword } }, request, reply) => {
      const subjectId = signedInSubject(request);
      await confirmedOwner(request, subjectId, currentPassword);
      return reply.status(201).send({ data: await accounts.addEmailIdentity(subjectId, email, password) });
    });
  }
}

function renameTaken(error: unknown): never {
  if (error instanceof AppError && error.code === "CONFLICT")
    throw new AppError("CONFLICT", "/email is already taken", [{ path: "/email", message: "is already taken" }]);
  throw error;
}

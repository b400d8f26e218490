import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../../../engine/errors.js";
import { UUID, inputSchema } from "../../input.js";
import { defineRoute } from "../../route.js";
import { RECENT_SIGN_IN_MS, confirmOwner } from "../accounts/owner-proof.js";
import type { RbacServices } from "../rbac-services.js";
import { RBAC, authRoute } from "../routes/limits.js";
import { MAX_LIVE_KEYS } from "./api-keys.js";
import { SCOPES_INPUT, checkRouteScopes, type KeyScope } from "./key-scopes.js";

const KEYS = "/api/rbac/subjects/:id/api-keys";
const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const keyParams = inputSchema<{ id: string; keyId: string }>({
  properties: { id: UUID, keyId: { ...UUID, "x-message": "keyId must be an API key id" } },
  required: ["id", "keyId"],
});
const newKeyBody = inputSchema<{ title: string; scopes: KeyScope[]; expiresAt?: string; currentPassword?: string }>({
  properties: {
    title: { type: "string", minLength: 1, maxLength: 100, pattern: "\\S", "x-message": "must be 1 to 100 characters" },
    scopes: SCOPES_INPUT,
    expiresAt: { type: "string", format: "date-time", "x-message": "must be a date-time" },
    currentPassword: { type: "string", minLength: 1, maxLength: 256 },
  },
  required: ["title", "scopes"],
});

/**
 * Personal API keys (docs/security.md "API keys"). The subject itself makes them, signed in with
 * a session (a key never reaches these routes: authorization-hook.ts), proving it is itself as
 * when adding a sign-in method; it, an administrator (who may edit subjects) or the secret key
 * may list and revoke them. A revocation holds on every instance at once (key-cache.ts).
 */
export function registerApiKeyRoutes(app: FastifyInstance, rbac: RbacServices) {
  async function ownOrAdmin(request: FastifyRequest, { params }: { params: { id: string } }) {
    const { caller } = request;
    if (caller.kind === "subject" && caller.subjectId === params.id) return;
    if (caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
    if (await rbac.authorizer.allows(caller, "PATCH", `/api/rbac/subjects/${params.id}`)) return;
    throw new AppError("PERMISSION_ERROR", "a subject manages only its own API keys");
  }
  // An administrator may take a person's key away, never make one in its name.
  function itself(request: FastifyRequest, { params }: { params: { id: string } }) {
    const { caller } = request;
    if (caller.kind !== "subject") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
    if (caller.subjectId !== params.id)
      throw new AppError("PERMISSION_ERROR", "only the subject itself makes its API keys");
  }
  const access = { ...RBAC, access: "signed-in" as const, authorize: ownOrAdmin };

  defineRoute(
    app,
    {
      method: "GET",
      url: KEYS,
      ...access,
      summary:
        "The subject's API keys not revoked: `id`, `title`, `prefix` (the key's first characters), `scopes`, `expiresAt`, `createdAt`, `lastUsedAt` (written at most once a minute); never the key",
      params: subjectParams,
    },
    async ({ params: { id } }) => ({ data: await rbac.apiKeys.list(id) }),
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: KEYS,
      ...authRoute(rbac.config),
      access: "signed-in",
      authorize: itself,
      status: 201,
      summary: `Make an API key (\`title\`, \`scopes\`: "read", "write" or { method, route } patterns, optional \`expiresAt\`): answers the key (\`pk_…\`) this once. Needs \`currentPassword\` unless the session's sign-in began within the last ${RECENT_SIGN_IN_MS / 60_000} minutes; at most ${MAX_LIVE_KEYS} live keys (409)`,
      params: subjectParams,
      body: newKeyBody,
    },
    async ({ params: { id }, body }, request, reply) => {
      checkRouteScopes(body.scopes);
      if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now())
        throw validationError("/expiresAt must be in the future", [
          { path: "/expiresAt", message: "must be in the future" },
        ]);
      await confirmOwner(rbac.db, id, body.currentPassword, request.sessionFamilyId, { recentSignInSuffices: true });
      const { title, scopes, expiresAt } = body;
      return reply
        .status(201)
        .send({ data: await rbac.apiKeys.create(id, { title: title.trim(), scopes, expiresAt }) });
    },
  );

  defineRoute(
    app,
    {
      method: "DELETE",
      url: `${KEYS}/:keyId`,
      ...access,
      summary: "Revoke an API key: refused (401) from now on, on every instance",
      params: keyParams,
    },
    async ({ params: { id, keyId } }) => {
      if (!(await rbac.apiKeys.revoke(id, keyId)))
        throw new AppError("NOT_FOUND", `API key ${keyId} of subject ${id} was not found`);
      return { data: { id: keyId, revoked: true } };
    },
  );
}

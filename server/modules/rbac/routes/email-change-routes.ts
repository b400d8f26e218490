import type { FastifyInstance } from "fastify";
import type { Repository } from "../../../../engine/query/repository.js";
import { inputSchema } from "../../input.js";
import { normalizeEmail } from "../accounts/identity-store.js";
import { defineRoute } from "../../route.js";
import type { RbacServices } from "../rbac-services.js";
import { AUTH } from "./authentication-routes.js";
import { authRoute } from "./limits.js";

const BASE = `${AUTH}/email-and-password`;
const codeBody = inputSchema<{ code: string }>({
  properties: { code: { type: "string", minLength: 1, maxLength: 256 } },
  required: ["code"],
});

/**
 * The two links of an email change (accounts/email-changes.ts), opened from the mail on a site
 * page that posts the code here: the code is the proof, so no session is needed (the routes sit
 * under the authentication paths every caller may use) and a guess is rate limited like sign-in.
 */
export function registerEmailChangeRoutes(app: FastifyInstance, rbac: RbacServices) {
  const route = { ...authRoute(rbac.config), method: "POST", bareBody: true, body: codeBody } as const;

  defineRoute(
    app,
    {
      ...route,
      url: `${BASE}/confirm-email`,
      summary:
        "Make an email change with the code mailed to the new address (once, within 24 hours); the previous address is mailed an undo link",
    },
    async ({ body: { code } }) => ({ data: await rbac.emailChanges.confirm(code) }),
  );

  defineRoute(
    app,
    {
      ...route,
      url: `${BASE}/undo-email-change`,
      summary:
        "Undo an email change with the code mailed to the previous address (once, within 7 days): the email goes back and every session of the account is revoked",
    },
    async ({ body: { code } }) => ({ data: await rbac.emailChanges.undo(code) }),
  );
}

/**
 * The subject's own email change (PATCH {subjects}/{id}/identities/{identityId}): nothing changes
 * yet, a link goes to the new address. The answer keeps the original client's shape, the identity
 * in `data` (its email still the current one), with `pendingEmail` and `pendingEmailExpiresAt` added.
 */
export async function requestOwnEmailChange(
  rbac: RbacServices,
  identities: Repository,
  subjectId: string,
  identityId: string,
  email: string,
) {
  const identity = await identities.get(identityId);
  const current = typeof identity.email === "string" ? identity.email : null;
  if (current === normalizeEmail(email)) return { data: identity };
  const pending = await rbac.emailChanges.request(subjectId, identityId, current, email);
  return { data: { ...identity, pendingEmail: pending.email, pendingEmailExpiresAt: pending.expiresAt } };
}

import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { normalizeEmail } from "../accounts/identity-store.js";
import { markIdentified } from "../accounts/subjects.js";
import type { ProviderClaims } from "./provider-client.js";

export const OIDC_PROVIDER = "openid_connect";

/** The provider's email for this person, lower case, and whether the provider says it verified it. */
export function emailOf(claims: ProviderClaims): { email?: string; verified: boolean } {
  const email =
    typeof claims.email === "string" && claims.email.includes("@") ? normalizeEmail(claims.email) : undefined;
  // Some providers send the flag as a string.
  const verified = claims.email_verified === true || claims.email_verified === "true";
  return { email, verified };
}

/** The subject whose identity is this issuer's `sub`: the one link single sign-on trusts. */
export async function subjectOfSub(trx: ModelQueries, issuer: string, sub: string): Promise<string | undefined> {
  const known = await trx
    .selectFrom("rbac/identities as i")
    .innerJoin("rbac/subjects-to-identities as si", "si.identityId", "i.id")
    .select("si.subjectId")
    .where("i.provider", "=", OIDC_PROVIDER)
    .where("i.issuer", "=", issuer)
    .where("i.account", "=", sub)
    .executeTakeFirst();
  return known?.subjectId;
}

/** True when some identity (of any sign-in method) already has this email. */
export async function emailTaken(trx: ModelQueries, email: string): Promise<boolean> {
  const row = await trx.selectFrom("rbac/identities").select("id").where("email", "=", email).executeTakeFirst();
  return !!row;
}

/**
 * A new single sign-on identity of the subject. A verified email no identity has yet is kept on
 * it, so the subject's mail (orders) has an address; an unverified one is not kept.
 */
export async function linkSub(
  repository: RepositoryLookup,
  trx: ModelQueries,
  subjectId: string,
  claims: ProviderClaims,
): Promise<void> {
  const { email, verified } = emailOf(claims);
  const keep = email && verified && !(await emailTaken(trx, email)) ? { email } : {};
  const identity = await repository("rbac/identities").create({
    provider: OIDC_PROVIDER,
    issuer: claims.iss,
    account: claims.sub,
    ...keep,
  });
  await repository("rbac/subjects-to-identities").create({ subjectId, identityId: identity.id });
  await markIdentified(trx, subjectId);
}

import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import type { RoleClaimSettings } from "./settings.js";

/** The claim's values: a list of strings, or one string (some providers send a lone group so). */
export function claimValues(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/**
 * Makes the subject hold exactly the managed roles (OIDC_ROLE_MAP's) its claim values map to, at
 * every single sign-on: a value the provider stopped sending takes its role away, a missing claim
 * takes them all. Roles outside the map (the sign-up role, one an admin gave by hand) are never
 * touched, nor are roles the map names that do not exist here. Writes go through the
 * repositories, so the change is announced and every instance's permission cache drops it.
 */
export async function syncClaimedRoles(
  repository: RepositoryLookup,
  trx: ModelQueries,
  subjectId: string,
  settings: RoleClaimSettings,
  claims: Record<string, unknown>,
): Promise<void> {
  const managed = [...new Set(settings.map.values())];
  const wanted = new Set(
    claimValues(claims, settings.claim)
      .map((value) => settings.map.get(value))
      .filter((uid): uid is string => !!uid),
  );
  const roles = await trx.selectFrom("rbac/roles").select(["id", "uid"]).where("uid", "in", managed).execute();
  if (!roles.length) return;
  const held = await trx
    .selectFrom("rbac/subjects-to-roles")
    .select(["id", "roleId"])
    .where("subjectId", "=", subjectId)
    .where(
      "roleId",
      "in",
      roles.map((role) => role.id),
    )
    .execute();
  for (const role of roles) {
    const links = held.filter((link) => link.roleId === role.id);
    if (wanted.has(role.uid) && !links.length)
      await repository("rbac/subjects-to-roles").create({ subjectId, roleId: role.id });
    if (!wanted.has(role.uid)) for (const link of links) await repository("rbac/subjects-to-roles").delete(link.id);
  }
}

import type { Kysely } from "kysely";
import type { Registry } from "../../../../engine/schema/registry.js";
import { ADMIN_ROLE } from "../permissions/default-permissions.js";

/**
 * The emails of the subjects holding the admin role (each admin's email identities), sorted, once
 * each: whom the shop owner's mail goes to when SHOP_OWNER_EMAILS is empty. In `db`, so a caller's
 * transaction sees the admins it sees.
 */
export async function adminEmails(db: Kysely<any>, registry: Registry): Promise<string[]> {
  const table = (id: string) => registry.get(id).table;
  const rows = await db
    .selectFrom(`${table("rbac/subjects-to-roles")} as sr`)
    .innerJoin(`${table("rbac/roles")} as r`, "r.id", "sr.roleId")
    .innerJoin(`${table("rbac/subjects-to-identities")} as si`, "si.subjectId", "sr.subjectId")
    .innerJoin(`${table("rbac/identities")} as i`, "i.id", "si.identityId")
    .select("i.email")
    .distinct()
    .where("r.uid", "=", ADMIN_ROLE)
    .where("i.email", "is not", null)
    .orderBy("i.email")
    .execute();
  return rows.map((r) => r.email as string);
}

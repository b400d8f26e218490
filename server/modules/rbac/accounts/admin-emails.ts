import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { ADMIN_ROLE } from "../permissions/default-permissions.js";

/**
 * The emails of the subjects holding the admin role (each admin's email identities), sorted, once
 * each: whom the shop owner's mail goes to when SHOP_OWNER_EMAILS is empty. In `db`, so a caller's
 * transaction sees the admins it sees.
 */
export async function adminEmails(db: ModelQueries): Promise<string[]> {
  const rows = await db
    .selectFrom("rbac/subjects-to-roles as sr")
    .innerJoin("rbac/roles as r", "r.id", "sr.roleId")
    .innerJoin("rbac/subjects-to-identities as si", "si.subjectId", "sr.subjectId")
    .innerJoin("rbac/identities as i", "i.id", "si.identityId")
    .select("i.email")
    .distinct()
    .where("r.uid", "=", ADMIN_ROLE)
    .where("i.email", "is not", null)
    .orderBy("i.email")
    .execute();
  return rows.flatMap((r) => (r.email === null ? [] : [r.email]));
}

/**
 * Whether the subject holds the admin role itself (not a permission an admin granted to another
 * role): what the audit log's routes ask, which no permission record opens to anyone else.
 */
export async function isAdministrator(db: ModelQueries, subjectId: string): Promise<boolean> {
  const row = await db
    .selectFrom("rbac/subjects-to-roles as sr")
    .innerJoin("rbac/roles as r", "r.id", "sr.roleId")
    .select("sr.id")
    .where("sr.subjectId", "=", subjectId)
    .where("r.uid", "=", ADMIN_ROLE)
    .executeTakeFirst();
  return row !== undefined;
}

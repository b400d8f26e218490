import { createHash } from "node:crypto";
import type { Database } from "../../../../engine/db/open-database.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { modelQueries, type ModelQueries } from "../../../../engine/query/model-tables.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { takeStartTurn } from "../../../../engine/sql/start-lock.js";
import { slugify } from "../../../../engine/query/generated-values.js";
import { IMPLICIT_ROLES } from "./default-permissions.js";

/** Who a declaration opens something to: everyone, any signed-in subject, or (no grant) admins only. */
export type DeclaredAccess = "public" | "signed-in" | "admin";

/** A permission a declaration asks for (a schema's `x-access`, a route's `access`), to the role `role`. */
export interface Grant {
  role: string;
  method: string;
  path: string;
}

/** The implicit role a declared access grants to; none for "admin" (the admin role may do everything already). */
export const roleOfAccess = (access: DeclaredAccess): string | undefined =>
  access === "public" ? IMPLICIT_ROLES.everyone : access === "signed-in" ? IMPLICIT_ROLES.signedIn : undefined;

/**
 * Adds each wanted permission its role does not hold yet, at every start: what a declaration says
 * holds on a fresh database and on an existing one alike, with no data migration. What is there is
 * left alone, and nothing is ever taken away: removing the declaration does not revoke (delete the
 * permission in the admin), and deleting the permission while the declaration stays brings it back
 * at the next start (the code says so).
 */
export async function ensureGrants(
  database: Database,
  repositories: Map<string, Repository>,
  wanted: readonly Grant[],
) {
  if (wanted.length === 0) return;
  const models = { models: [...repositories.values()].map((r) => r.model) };
  // One query finds what is already granted, so a start where nothing changed adds no work.
  if ((await missingGrants(modelQueries(database.db, models), wanted)).length === 0) return;
  await runTransaction(database, repositories, async (repository, trx) => {
    // Another instance starting at the same time may be writing the same grants: after its turn,
    // what is still missing is read again (engine/sql/start-lock.ts).
    await takeStartTurn(database, trx);
    const missing = await missingGrants(trx, wanted);
    for (const { role, method, path } of missing) {
      const roleRow = await trx.selectFrom("rbac/roles").select("id").where("uid", "=", role).executeTakeFirst();
      // The role was deleted by an admin and not seeded back: nothing to grant to.
      if (!roleRow) continue;
      const name = `${role} ${method} ${path}`;
      const { record: permission } = await repository("rbac/permissions").findOrCreate({
        // The seed's slug form (seed-permissions.ts), so the same grant is one record whichever code made it.
        slug: `${slugify(`${role}-${method === "*" ? "any" : method}-${path}`)}-${createHash("sha1").update(name).digest("hex").slice(0, 6)}`,
        adminTitle: name,
        title: { en: name, ru: name },
        method,
        path,
        type: "HTTP",
      });
      await repository("rbac/roles-to-permissions").create({ roleId: roleRow.id, permissionId: permission.id });
    }
  });
}

/** The wanted grants (each once) that their roles do not hold yet. */
async function missingGrants(db: ModelQueries, wanted: readonly Grant[]): Promise<Grant[]> {
  const held = await db
    .selectFrom("rbac/roles-to-permissions as rp")
    .innerJoin("rbac/roles as r", "r.id", "rp.roleId")
    .innerJoin("rbac/permissions as p", "p.id", "rp.permissionId")
    .select(["r.uid", "p.method", "p.path"])
    .where("p.path", "in", [...new Set(wanted.map((w) => w.path))])
    .execute();
  const has = new Set(held.map((h) => `${h.uid} ${h.method} ${h.path}`));
  return wanted.filter(
    (w, i) =>
      !has.has(`${w.role} ${w.method} ${w.path}`) &&
      wanted.findIndex((o) => o.role === w.role && o.method === w.method && o.path === w.path) === i,
  );
}

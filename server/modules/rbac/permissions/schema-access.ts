import { createHash } from "node:crypto";
import type { Database } from "../../../../engine/db/open-database.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { slugify } from "../../../../engine/query/generated-values.js";
import { IMPLICIT_ROLES } from "./default-permissions.js";

const roleOf = { public: IMPLICIT_ROLES.everyone, "signed-in": IMPLICIT_ROLES.signedIn } as const;

/** The permissions the schemas' `x-access` keywords ask for: read is GET on the model's routes. */
export function schemaAccessPermissions(registry: Registry): { role: string; method: string; path: string }[] {
  return registry.exposed.flatMap((model) =>
    model.access.read ? [{ role: roleOf[model.access.read], method: "GET", path: `/api/${model.module}/${model.name}/**` }] : [],
  );
}

/**
 * Grants what the schemas' `x-access` keywords declare, at every start: a permission that is
 * missing is added to its role, so a new entity is readable on a fresh database and on an existing
 * one alike, from its first start. What is there is left alone, and nothing is ever taken away:
 * removing the keyword does not revoke (delete the permission in the admin), and deleting the
 * permission while the keyword stays brings it back at the next start (the schema says so).
 */
export async function applySchemaAccess(database: Database, repositories: Map<string, Repository>, registry: Registry) {
  const wanted = schemaAccessPermissions(registry);
  if (wanted.length === 0) return;
  // One query finds what is already granted, so a start where nothing changed adds no work.
  const held = await database.db
    .selectFrom("rbac_roles_to_permissions as rp")
    .innerJoin("rbac_roles as r", "r.id", "rp.roleId")
    .innerJoin("rbac_permissions as p", "p.id", "rp.permissionId")
    .select(["r.uid", "p.method", "p.path"])
    .where("p.path", "in", wanted.map((w) => w.path))
    .execute();
  const has = new Set(held.map((h) => `${h.uid} ${h.method} ${h.path}`));
  const missing = wanted.filter((w) => !has.has(`${w.role} ${w.method} ${w.path}`));
  if (missing.length === 0) return;
  await runTransaction(database, repositories, async (repository, trx) => {
    for (const { role, method, path } of missing) {
      const roleRow = await trx.selectFrom("rbac_roles").select("id").where("uid", "=", role).executeTakeFirst();
      // The role was deleted by an admin and not seeded back: nothing to grant to.
      if (!roleRow) continue;
      const name = `${role} ${method} ${path}`;
      const { record: permission } = await repository("rbac/permissions").findOrCreate({
        // The seed's slug form, so the same grant is one record whichever code made it.
        slug: `${slugify(`${role}-${method}-${path}`)}-${createHash("sha1").update(name).digest("hex").slice(0, 6)}`,
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

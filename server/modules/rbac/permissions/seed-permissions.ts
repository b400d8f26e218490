import { createHash } from "node:crypto";
import type { Database } from "../../../../engine/db/open-database.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { runTransaction } from "../../../../engine/query/transaction.js";
import { slugify } from "../../../../engine/query/generated-values.js";
import { defaultRoles } from "./default-permissions.js";

/**
 * Makes sure the default roles exist. A role is given its default permissions when it is created
 * here, so the first start seeds the whole set; later starts leave the records as admins left them
 * (a deleted permission stays deleted; a deleted role comes back with its defaults). Defaults
 * added after a database was seeded reach it through a data migration (see default-permissions.ts).
 */
export async function seedPermissions(database: Database, repositories: Map<string, Repository>) {
  // One read finds the roles already there (every start but the first), so a start does not
  // pay for a find-or-create per role (and for compiling the roles' write validators).
  const roles = repositories.get("rbac/roles")!;
  const uid = roles.model.fieldMap.get("uid")!;
  const existing = await roles.list({
    filters: [{ field: uid, kind: uid.kind, method: "inArray", value: defaultRoles.map((r) => r.uid) }],
    orderBy: [],
    limit: defaultRoles.length,
    offset: 0,
  });
  const present = new Set(existing.map((r) => r.uid));
  for (const role of defaultRoles) {
    if (present.has(role.uid)) continue;
    await runTransaction(database, repositories, async (repository) => {
      const { record, created } = await repository("rbac/roles").findOrCreate({
        uid: role.uid,
        title: role.title,
        availableOnRegistration: role.availableOnRegistration,
      });
      if (!created) return;
      for (const [orderIndex, [method, path]] of role.permissions.entries()) {
        const name = `${role.uid} ${method} ${path}`;
        const { record: permission } = await repository("rbac/permissions").findOrCreate({
          // Readable, and unique even where two patterns slugify alike ("/api/docs/**" and "/api/docs").
          slug: `${slugify(`${role.uid}-${method === "*" ? "any" : method}-${path}`)}-${createHash("sha1").update(name).digest("hex").slice(0, 6)}`,
          adminTitle: name,
          title: { en: name, ru: name },
          method,
          path,
          type: "HTTP",
        });
        await repository("rbac/roles-to-permissions").create({
          roleId: record.id,
          permissionId: permission.id,
          orderIndex,
        });
      }
    });
  }
}

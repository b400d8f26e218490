import type { Database } from "../../../../engine/db/open-database.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { ensureGrants, roleOfAccess, type Grant } from "./ensure-grants.js";

/** The permissions the schemas' `x-access` keywords ask for: read is GET on the model's routes. */
export function schemaAccessPermissions(registry: Registry): Grant[] {
  return registry.exposed.flatMap((model) =>
    model.access.read
      ? [{ role: roleOfAccess(model.access.read)!, method: "GET", path: `/api/${model.module}/${model.name}/**` }]
      : [],
  );
}

/**
 * Grants what the schemas' `x-access` keywords declare, at every start (ensure-grants.ts): a new
 * entity is readable on a fresh database and on an existing one alike, from its first start.
 */
export async function applySchemaAccess(database: Database, repositories: Map<string, Repository>, registry: Registry) {
  await ensureGrants(database, repositories, schemaAccessPermissions(registry));
}

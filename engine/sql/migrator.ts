import { sql, type Kysely } from "kysely";
import { readMigrations } from "./migration-files.js";
import type { DynamicTables } from "../query/any-model-db.js";

// Any fixed number: every instance of the app takes the same lock, so only one migrates at once.
const LOCK_KEY = 7_315_202_611;

export interface MigrateOptions {
  allowDestructive?: boolean;
  log?: (message: string) => void;
}

export class DestructiveMigrationError extends Error {}

/**
 * Applies pending migrations in one transaction under an advisory lock, journaling each in
 * `_migrations`. A pending destructive migration stops everything unless allowed, listing what
 * it would drop. An applied migration whose file changed since is refused too.
 */
export async function migrate(db: Kysely<DynamicTables>, dir: string, options: MigrateOptions = {}): Promise<string[]> {
  const files = readMigrations(dir);
  return db.transaction().execute(async (trx) => {
    // Raw: an advisory lock, DDL and the migration files' own statements: no query builder says these.
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_KEY)})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS "_migrations" (
      "id" text PRIMARY KEY, "checksum" text NOT NULL, "appliedAt" timestamptz NOT NULL DEFAULT now())`.execute(trx);
    const applied = new Map(
      (await trx.selectFrom("_migrations").select(["id", "checksum"]).execute()).map((r) => [r.id, r.checksum]),
    );
    for (const file of files) {
      const checksum = applied.get(file.id);
      if (checksum && checksum !== file.checksum) {
        throw new Error(`Migration ${file.id} was changed after it was applied; write a new migration instead`);
      }
    }
    const pending = files.filter((f) => !applied.has(f.id));
    const destructive = pending.flatMap((f) => f.destructive.map((d) => `${f.id}: ${d}`));
    if (destructive.length && !options.allowDestructive) {
      throw new DestructiveMigrationError(
        `Refusing destructive migration without ALLOW_DESTRUCTIVE_MIGRATIONS=true. It would:\n  ${destructive.join("\n  ")}`,
      );
    }
    for (const file of pending) {
      for (const statement of file.statements) await sql.raw(statement).execute(trx);
      await trx.insertInto("_migrations").values({ id: file.id, checksum: file.checksum }).execute();
      options.log?.(`applied migration ${file.id}`);
    }
    return pending.map((f) => f.id);
  });
}

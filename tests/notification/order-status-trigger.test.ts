import { sql } from "kysely";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readMigrations } from "../../engine/sql/migration-files.js";
import { migrate } from "../../engine/sql/migrator.js";
import { paths } from "../../server/config.js";
import { openTestDatabase, testDialect, type TestDatabase } from "../helpers/test-app.js";

const TRIGGER_MIGRATION = "0012_order_status_changed_trigger";

/** The committed migrations up to (not including) `id`, in a folder of their own. */
function migrationsBefore(id: string): string {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  for (const name of readdirSync(paths.migrations))
    if (name.endsWith(".sql") && name < `${id}.sql`) copyFileSync(join(paths.migrations, name), join(dir, name));
  return dir;
}

/**
 * The order-status trigger comes with the migrations, not with the ecommerce module's start-up:
 * a database migrated and never opened by the app already queues a job for each status change
 * (order-notices.test.ts follows the job to the mail).
 */
describe(`the order-status trigger is a migration, on ${testDialect}`, () => {
  let t: TestDatabase | undefined;
  const folders: string[] = [];
  afterEach(async () => {
    await t?.drop();
    t = undefined;
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Makes an order, then applies each change to it with plain SQL; the jobs queued meanwhile. */
  async function jobsFor(db: TestDatabase["database"]["db"], changes: Record<string, string>[]) {
    const { rows } = await sql<{ id: string }>`INSERT INTO "ecommerce_orders" DEFAULT VALUES RETURNING "id"`.execute(
      db,
    );
    const orderId = rows[0]!.id;
    for (const change of changes)
      await db.updateTable("ecommerce_orders").set(change).where("id", "=", orderId).execute();
    const jobs = await db.selectFrom("notification_jobs").select(["kind", "payload"]).orderBy("createdAt").execute();
    return { orderId, jobs: jobs.map((j) => [j.kind, j.payload.orderId === orderId, j.payload.from, j.payload.to]) };
  }

  const CASES = [
    {
      name: "a fresh database, migrated with no app started",
      prepare: async (_db: TestDatabase["database"]["db"]) => undefined,
    },
    {
      // Before the migration existed, start-up ran the same two statements: 0012 replaces them.
      name: "a database whose trigger start-up had installed before the migration existed",
      prepare: async (db: TestDatabase["database"]["db"]) => {
        const older = migrationsBefore(TRIGGER_MIGRATION);
        folders.push(older);
        expect(await migrate(db, older)).not.toContain(TRIGGER_MIGRATION);
        const trigger = readMigrations(paths.migrations).find((m) => m.id === TRIGGER_MIGRATION)!;
        for (const statement of trigger.statements) await sql.raw(statement).execute(db);
      },
    },
  ];

  it.each(CASES)("$name: one job per status change, none for other changes", async ({ prepare }) => {
    t = await openTestDatabase();
    const db = t.database.db;
    await prepare(db);
    expect(await migrate(db, paths.migrations)).toContain(TRIGGER_MIGRATION);
    const triggers = await sql<{
      tgname: string;
    }>`SELECT tgname FROM pg_trigger WHERE tgrelid = '"ecommerce_orders"'::regclass AND NOT tgisinternal`.execute(db);
    expect(triggers.rows.map((r) => r.tgname)).toEqual(["ecommerce_orders_status_changed"]);

    const { jobs } = await jobsFor(db, [
      { status: "paying" },
      { comment: "gift wrap" },
      { status: "paying" },
      { status: "approving" },
    ]);
    expect(jobs).toEqual([
      ["order-status-changed", true, "new", "paying"],
      ["order-status-changed", true, "paying", "approving"],
    ]);
  });
});

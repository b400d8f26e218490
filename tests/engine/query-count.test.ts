import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../engine/db/open-database.js";

// Database.queryCount counts every statement sent, a transaction's BEGIN and COMMIT (or ROLLBACK)
// included, however it is sent: a repository's run, Kysely's builder, a raw query.
// Query-count checks elsewhere (a list must not run a statement per row) lean on it.
// On PGlite by default; on the PostgreSQL server with TEST_DATABASE_URL.
const url = process.env.TEST_DATABASE_URL;

describe(`Database.queryCount (${url ? "PostgreSQL server" : "PGlite"})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(url ? { url, poolSize: 2 } : {});
  });
  afterAll(() => database.close());

  const cases: { name: string; statements: number; work: (db: Database) => Promise<unknown> }[] = [
    { name: "a run", statements: 1, work: (db) => db.run("SELECT $1::int AS n", [1]) },
    { name: "a built select", statements: 1, work: (db) => sql`SELECT 1 AS n`.execute(db.db) },
    {
      name: "a raw compiled query",
      statements: 1,
      work: (db) => db.db.executeQuery(CompiledQuery.raw("SELECT 2 AS n", [])),
    },
    {
      name: "a transaction of two statements",
      statements: 4,
      work: (db) =>
        db.db.transaction().execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          await sql`SELECT 2`.execute(trx);
        }),
    },
    {
      name: "a transaction rolled back",
      statements: 3,
      work: (db) =>
        db.db
          .transaction()
          .execute(async (trx) => {
            await sql`SELECT 1`.execute(trx);
            throw new Error("rolled back");
          })
          .catch(() => undefined),
    },
    {
      name: "a failing statement",
      statements: 1,
      work: (db) => db.run("SELECT no_such_column FROM (SELECT 1) AS t", []).catch(() => undefined),
    },
  ];

  it.each(cases)("$name counts $statements", async ({ work, statements }) => {
    const before = database.queryCount();
    await work(database);
    expect(database.queryCount() - before).toBe(statements);
  });
});

import { CompiledQuery } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { configFromEnv } from "../../server/config.js";

// Named prepared statements live in one server connection; a transaction-mode pooler hands the
// connection to someone else between statements, so behind one they must be off
// (DATABASE_NAMED_STATEMENTS=false). One connection in the pool, so the view below sees the very
// connection that ran the statement.
const serverUrl = process.env.TEST_DATABASE_URL;

describe("DATABASE_NAMED_STATEMENTS", () => {
  it("is on unless set to false", () => {
    expect(configFromEnv({}).databaseNamedStatements).toBe(true);
    expect(configFromEnv({ DATABASE_NAMED_STATEMENTS: "false" }).databaseNamedStatements).toBe(false);
  });
});

describe.skipIf(!serverUrl)("named statements on a PostgreSQL server", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  const preparedAfterOneStatement = async (namedStatements: boolean | undefined) => {
    database = await openDatabase({ url: serverUrl, poolSize: 1, namedStatements });
    await database.run("SELECT $1::int + 1 AS n", [1]);
    const [row] = await database.run<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1",
      ["SELECT $1::int + 1 AS n"],
    );
    return row!.n;
  };

  it.each([
    { namedStatements: undefined, prepared: 1 },
    { namedStatements: true, prepared: 1 },
    { namedStatements: false, prepared: 0 },
  ])("namedStatements $namedStatements leaves $prepared prepared statement", async ({ namedStatements, prepared }) => {
    expect(await preparedAfterOneStatement(namedStatements)).toBe(prepared);
  });
});

describe.skipIf(!serverUrl)("module code's statements (Kysely) on a PostgreSQL server", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  // Through Kysely, as module code runs them, inside a transaction too: the preparable ones by name.
  it.each([
    { text: "SELECT $1::int + 2 AS n", namedStatements: undefined, prepared: 1 },
    { text: "SELECT $1::int + 3 AS n", namedStatements: false, prepared: 0 },
    { text: "SELECT * FROM (SELECT $1::int + 4 AS n) AS t", namedStatements: undefined, prepared: 0 },
  ])(
    "$text (namedStatements $namedStatements) leaves $prepared prepared statement",
    async ({ text, namedStatements, prepared }) => {
      database = await openDatabase({ url: serverUrl, poolSize: 1, namedStatements });
      const { rows } = await database.db
        .transaction()
        .execute((trx) => trx.executeQuery<{ n: number }>(CompiledQuery.raw(text, [1])));
      expect(rows[0]!.n).toBeGreaterThan(1);
      const [row] = await database.run<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1",
        [text],
      );
      expect(row!.n).toBe(prepared);
    },
  );
});

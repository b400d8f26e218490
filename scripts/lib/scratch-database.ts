import { randomUUID } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  /** postgres://… of the new database: what a server process gets as DATABASE_URL. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the PostgreSQL server at `serverUrl` (made fresh; dropped with
 * `drop()`), for a real server process that takes only a DATABASE_URL, as production does.
 * `name` defaults to a random one; a fixed name (benchmarks) is dropped first if it exists.
 */
export async function createScratchDatabase(
  serverUrl: string,
  name = `scratch_${randomUUID().replace(/-/g, "").slice(0, 12)}`,
): Promise<ScratchDatabase> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    // An `error` event nobody hears is thrown and ends the process: the query's own error says it.
    client.on("error", () => {});
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const quoted = `"${name.replace(/"/g, "")}"`;
  await admin(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${quoted}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`) };
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.js";

/** Tests that start server processes (each start migrates a fresh database) on a busy machine: minutes, not the suite's default minute. */
export const PROCESS_TEST_TIMEOUT = 240_000;

/**
 * Where a server process started by a test keeps its data, as in production: on the PostgreSQL
 * server (when TEST_DATABASE_URL is set) a database of its own given as DATABASE_URL; otherwise
 * the embedded database in a DATA_DIR of its own on disk. `open()` reads the same data from this
 * process once the server has stopped (PGlite allows one process per folder).
 */
export interface ServerStorage {
  env: Record<string, string>;
  dialect: "postgres" | "pglite";
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function serverStorage(): Promise<ServerStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), "server-data-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createScratchDatabase(serverUrl);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      dialect: "postgres",
      open: () => openDatabase({ url: database.url, poolSize: 2 }),
      async drop() {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    env: { DATA_DIR: dataDir },
    dialect: "pglite",
    open: () => openDatabase({ dataDir: join(dataDir, "pglite") }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

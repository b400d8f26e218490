import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";

/**
 * Writes on a migrated `database` the demo content a first start writes (SEED_DEMO_CONTENT), with
 * DRAFTS on or off, in the default languages and with every module: starts the app on it once and
 * closes it. What the test databases that start with the demo content are made of, once per run
 * (PGlite's images, tests/helpers/pglite-image.ts; the server's templates,
 * tests/helpers/server-template.ts). The app a test then starts on such a copy finds the site
 * seeded and writes it no more; the rest of its start (first admin, permissions) it does itself.
 */
export async function writeDemoContent(database: Database, drafts: boolean): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "demo-content-"));
  try {
    const defaults = configFromEnv({});
    const config = {
      ...defaults,
      rbacSecretKey: "demo-content",
      logLevel: "silent",
      dataDir,
      seedDemoContent: true,
      drafts,
      notifications: { ...defaults.notifications, pollMs: 0 },
    };
    const app = await composeApp(config, { database, logger: false });
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

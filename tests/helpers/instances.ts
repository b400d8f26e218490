import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv, type Config } from "../../server/config.js";
import type { Module } from "../../server/modules/module.js";
import { SECRET } from "./test-app.js";

/** The PostgreSQL server of this run; several instances need one (PGlite is a single process). */
export const serverUrl = process.env.TEST_DATABASE_URL;

export interface Instances {
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * `count` app instances over one schema of their own on the PostgreSQL server, each with its own
 * connection pool, as separate processes behind a load balancer would be: what one writes reaches
 * the others only through the database (and its LISTEN/NOTIFY).
 */
export async function createInstances(
  count: number,
  overrides: Partial<Config> = {},
  options: { together?: boolean; modules?: readonly Module[] } = {},
): Promise<Instances> {
  const schema = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const config: Config = {
    ...configFromEnv({}),
    rbacSecretKey: SECRET,
    logLevel: "silent",
    authRateLimit: 1000,
    seedDemoContent: false,
    drafts: false,
    ...overrides,
  };
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) databases.push(await openDatabase({ url: serverUrl, schema, poolSize: 4 }));
  const apps: FastifyInstance[] = [];
  if (options.together) {
    // Started at once, as a deployment's instances are: each migrates and seeds on its own, and
    // then all get ready (the declared grants' writes) at the same moment.
    const settle = async (steps: PromiseLike<unknown>[]) => {
      const failed = (await Promise.allSettled(steps)).find((s) => s.status === "rejected");
      if (!failed) return;
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      throw failed.reason;
    };
    await settle(
      databases.map(async (database) =>
        apps.push(await composeApp(config, { database, logger: false, modules: options.modules })),
      ),
    );
    await settle(apps.map((app) => app.ready()));
  } else
    for (const database of databases)
      apps.push(await composeApp(config, { database, logger: false, modules: options.modules }));
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(databases[0]!.db);
      for (const database of databases) await database.close();
    },
  };
}

/**
 * Polls `check` every 100 ms for up to 5 s: true as soon as it holds. Given `withinMs`, it polls
 * until that deadline instead (the last look starts at it, at the latest): "effective within a
 * second" is `until(check, 1_000)`, a bound on when it must hold, not a measure of speed.
 */
export async function until(check: () => Promise<boolean>, withinMs?: number): Promise<boolean> {
  const deadline = Date.now() + (withinMs ?? Number.POSITIVE_INFINITY);
  for (let i = 0; withinMs !== undefined || i < 50; i++) {
    if (await check()) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, left)));
  }
  return false;
}

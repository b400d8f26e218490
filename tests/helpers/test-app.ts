import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv, type Config } from "../../server/config.js";
import type { Module } from "../../server/modules/module.js";
import { isDefaultMigrations, startingImage, type StartingImage } from "./pglite-image.js";
import { writeDemoContent } from "./demo-content.js";
import { copyServerTemplate, derivedServerTemplate, TEMPLATE_SCHEMA } from "./server-template.js";

export const SECRET = "test-secret-key";

/** Which database this run uses: the PostgreSQL server when TEST_DATABASE_URL is set, else PGlite. */
export const testDialect = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A fresh database: an in-memory PGlite, or on the PostgreSQL server a database or schema of its
 * own. Empty, or started `from` the project's migrations already applied, and with the demo
 * content too when asked: on PGlite an image (tests/helpers/pglite-image.ts), on the server a copy
 * of one of the run's template databases (tests/helpers/server-template.ts).
 */
export async function openTestDatabase(options: { from?: StartingImage } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const copy =
    url && options.from && options.from !== "empty"
      ? await copyServerTemplate(url, await serverTemplate(url, options.from))
      : undefined;
  if (copy) {
    const database = await openDatabase({ url: copy.url, schema: TEMPLATE_SCHEMA, poolSize: 4 });
    return {
      database,
      async drop() {
        await database.close();
        await copy.drop();
      },
    };
  }
  const schema = url ? `test_${randomUUID().replace(/-/g, "").slice(0, 16)}` : undefined;
  const image = url ? undefined : await startingImage(options.from ?? "empty");
  const database = await openDatabase({ url, schema, poolSize: 4, image });
  return {
    database,
    async drop() {
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
      await database.close();
    },
  };
}

/** The server's template database a test database starting `from` this is copied from (undefined: the migrated one). */
async function serverTemplate(url: string, from: Exclude<StartingImage, "empty">): Promise<string | undefined> {
  if (from === "migrated") return undefined;
  const drafts = from === "demo with drafts";
  return derivedServerTemplate(url, `demo_drafts_${drafts}`, async (templateUrl) => {
    const database = await openDatabase({ url: templateUrl, schema: TEMPLATE_SCHEMA, poolSize: 4 });
    try {
      await writeDemoContent(database, drafts);
    } finally {
      await database.close();
    }
  });
}

/**
 * What a test app's database starts as: the demo site already written when the app is to seed it
 * and would write what the run's demo image or template holds (the default languages and module
 * list: `seedDemoContent` with `drafts` on or off), else migrated, unless the test brings
 * migrations of its own. A test of the seeding itself opens its database `from: "migrated"`.
 */
export function startingFor(overrides: Partial<Config>, modules?: readonly Module[]): StartingImage {
  if (overrides.migrationsDir !== undefined && !isDefaultMigrations(overrides.migrationsDir)) return "empty";
  if (
    !overrides.seedDemoContent ||
    modules !== undefined ||
    overrides.languages !== undefined ||
    overrides.defaultLanguage !== undefined
  )
    return "migrated";
  return overrides.drafts ? "demo with drafts" : "demo";
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Log lines at warn level and above, parsed (only with `createTestApp(…, { logs: true })`). */
  logs: { level: number; msg: string; [key: string]: unknown }[];
  /** Injects a request; writes carry the secret key unless `key` says otherwise. */
  request(options: InjectOptions & { key?: string | null }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * `modules`: the list to register instead of server/modules/index.ts's (a fixture module added to it).
 * `database`: start on this database rather than a fresh one (a restart); closing the app then
 * leaves it to its opener to drop.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logs?: boolean; modules?: readonly Module[]; database?: TestDatabase } = {},
): Promise<TestApp> {
  const test = options.database ?? (await openTestDatabase({ from: startingFor(overrides, options.modules) }));
  // A high auth rate limit: one test file signs in more often than a person would (the limit has its own test).
  // The queue does not poll: it runs when the app queued work, and `notifications.flush()` waits
  // for it, so no query runs at a moment a test does not expect (query counts stay exact).
  const defaults = configFromEnv({});
  const config: Config = {
    ...defaults,
    rbacSecretKey: SECRET,
    logLevel: options.logs ? "warn" : "silent",
    authRateLimit: 10_000,
    seedDemoContent: false,
    notifications: { ...defaults.notifications, pollMs: 0 },
    // Saves publish at once, as clients that expect live saves see it (DRAFTS=off): tests of
    // other features write content and read it as a visitor. tests/drafts/ runs with drafts on.
    drafts: false,
    ...overrides,
  };
  const logs: TestApp["logs"] = [];
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line)) };
  const app = await composeApp(config, {
    database: test.database,
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.logs ? { logStream } : { logger: false }),
  });
  return {
    app,
    database: test.database,
    logs,
    async request({ key = SECRET, headers, ...options }) {
      const response = await app.inject({
        ...options,
        headers: { ...(key ? { "x-rbac-secret-key": key } : {}), ...headers },
      } as InjectOptions);
      let body: any = response.body;
      try {
        body = response.json();
      } catch {
        /* not JSON: keep the text */
      }
      return { status: response.statusCode, body };
    },
    async close() {
      await app.close();
      if (!options.database) await test.drop();
    },
  };
}

/** Creates a record through the generic route with the secret key; a refusal fails the test with the server's answer. */
export async function createRecord(t: TestApp, url: string, data: unknown): Promise<any> {
  const response = await t.request({ method: "POST", url, payload: { data } });
  if (response.status !== 201)
    throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

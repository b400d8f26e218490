import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv, type Config } from "../../server/config.js";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/lib/scratch-database.js";
import { expectStatus, send } from "../../scripts/lib/http-client.js";
import { SECRET } from "../helpers/test-app.js";
import { PROCESS_TEST_TIMEOUT } from "./server-storage.js";

// `npm run db:move` on a seeded embedded site (the demo content, an account, an uploaded file's
// record, a session) into an empty database on the PostgreSQL server; then every row of every
// table is compared, and the site is served from the server: its pages, the account's password
// and the session signed before the move all still work. Needs a PostgreSQL server, so it runs
// in the suite's PostgreSQL pass.
const serverUrl = process.env.TEST_DATABASE_URL;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const AUTH = "/api/rbac/subjects/authentication";
const PASSWORD = "moving house password";

function dbMove(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-move.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

/** Every table's rows as PostgreSQL prints them (UTC), in the order of their text (search_words has no id). */
async function everyRow(db: Kysely<any>): Promise<Record<string, unknown[]>> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone TO 'UTC'`.execute(trx);
    const { rows: tables } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_migrations' ORDER BY 1`.execute(
      trx,
    );
    const all: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      const { rows } = await sql<{
        rows: string;
      }>`SELECT coalesce(json_agg(t ORDER BY t::text)::text, '[]') AS rows FROM ${sql.table(name)} t`.execute(trx);
      all[name] = JSON.parse(rows[0]!.rows);
    }
    return all;
  });
}

describe.skipIf(!serverUrl)(
  "npm run db:move: from the embedded database to a PostgreSQL server",
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    let dataDir: string;
    let target: ScratchDatabase;
    let config: Config;
    let jwt: string;
    let fileRecord: Record<string, any>;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "move-"));
      target = await createScratchDatabase(serverUrl!);
      config = {
        ...configFromEnv({}),
        dataDir,
        rbacSecretKey: SECRET,
        logLevel: "silent",
        seedDemoContent: true,
        authRateLimit: 1000,
      };
      // The embedded site: demo content, an account with a session, an uploaded file.
      const app = await composeApp(config, { logger: false });
      const url = await app.listen({ port: 0, host: "127.0.0.1" });
      const registered = await expectStatus(201, url, "POST", `${AUTH}/email-and-password/registration`, {
        data: { login: "mover@example.com", password: PASSWORD },
      });
      jwt = registered.data.jwt;
      const form = new FormData();
      form.append("data", JSON.stringify({ alt: { en: "a moved file" } }));
      form.append("file", new Blob(["moving day"], { type: "text/plain" }), "note.txt");
      const uploaded = await fetch(`${url}/api/file-storage/files`, {
        method: "POST",
        body: form,
        headers: { "x-rbac-secret-key": SECRET },
      });
      expect(uploaded.status).toBe(201);
      fileRecord = (await uploaded.json()).data;
      await app.close();
    });
    afterAll(async () => {
      await target?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test("copies every row of every table, and the site runs on the server with its accounts and sessions", async () => {
      const moved = await dbMove({ DATA_DIR: dataDir, DATABASE_URL: target.url });
      expect(moved.code, moved.output).toBe(0);
      expect(moved.output).toMatch(/moved \d+ rows of \d+ tables in [\d.]+ s; every table compared equal/);
      expect(moved.output).toMatch(/uploaded files: 1 records moved; the files themselves \(1 files/);

      const source = await openDatabase({ dataDir: join(dataDir, "pglite") });
      const server: Database = await openDatabase({ url: target.url, poolSize: 2 });
      try {
        const before = await everyRow(source.db);
        const after = await everyRow(server.db);
        expect(Object.keys(after)).toEqual(Object.keys(before));
        for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
        expect(before.host_pages!.length).toBeGreaterThan(10);
        expect(before.file_storage_files).toEqual([
          expect.objectContaining({ id: fileRecord.id, file: fileRecord.file }),
        ]);
      } finally {
        await source.close();
        await server.close();
      }

      // The moved site, served from the server (no demo content written again: its pages are there).
      const app = await composeApp({ ...config, databaseUrl: target.url }, { logger: false });
      try {
        const url = await app.listen({ port: 0, host: "127.0.0.1" });
        const home = await fetch(url);
        expect(home.status).toBe(200);
        expect(
          (await send(url, "GET", "/api/host/pages/count", { headers: { "x-rbac-secret-key": SECRET } })).body.data,
        ).toBeGreaterThan(10);
        const me = await send(url, "GET", `${AUTH}/me`, { headers: { authorization: `Bearer ${jwt}` } });
        expect(me.status).toBe(200);
        const signIn = await send(url, "POST", `${AUTH}/email-and-password/authentication`, {
          data: { login: "mover@example.com", password: PASSWORD },
        });
        expect(signIn.status).toBe(200);
        const file = await fetch(url + fileRecord.file);
        expect(await file.text()).toBe("moving day");
      } finally {
        await app.close();
      }
    });

    test("refuses a target that already has rows, and changes nothing there", async () => {
      const server = await openDatabase({ url: target.url, poolSize: 2 });
      try {
        const before = await everyRow(server.db);
        const again = await dbMove({ DATA_DIR: dataDir, DATABASE_URL: target.url });
        expect(again.code).toBe(1);
        expect(again.output).toMatch(/the target database is not empty \(table \w+ has rows\)/);
        expect(await everyRow(server.db)).toEqual(before);
      } finally {
        await server.close();
      }
    });
  },
);

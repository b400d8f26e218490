import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { buildApp } from "../../server/app.js";
import { configFromEnv } from "../../server/config.js";
import { SECRET } from "../helpers/test-app.js";
import { AUTH, PASSWORD, bearer, subjectOf } from "./helpers.js";

// Two instances over one PostgreSQL server: a permission change made through one reaches the
// other's cache through LISTEN/NOTIFY. PGlite is one process, so this runs on the server only.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("several instances on one database", () => {
  const schema = `test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const config = { ...configFromEnv({}), rbacSecretKey: SECRET, logLevel: "silent", authRateLimit: 1000 };
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url, schema, poolSize: 4 }));
    a = await buildApp(config, { database: databases[0], logger: false });
    b = await buildApp(config, { database: databases[1], logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(databases[0]!.db);
    for (const database of databases) await database.close();
  });

  const key = { "x-rbac-secret-key": SECRET };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };

  test("a role granted or taken away through one instance counts at once on the other", async () => {
    const signUp = await a.inject({ method: "POST", url: `${AUTH}/email-and-password/registration`, payload: { login: "ann@example.com", password: PASSWORD } });
    const jwt = signUp.json().data.jwt;
    const guarded = "/api/blog/articles-to-website-builder-module-widgets";
    const onB = async () => (await b.inject({ method: "GET", url: guarded, headers: bearer(jwt) })).statusCode;
    expect(await onB()).toBe(403); // B has now cached the rules and ann's roles

    const post = async (path: string, data: object) => (await a.inject({ method: "POST", url: path, headers: key, payload: { data } })).json().data;
    const role = await post("/api/rbac/roles", { title: "Readers", uid: "readers", availableOnRegistration: false });
    const permission = await post("/api/rbac/permissions", { method: "GET", path: `${guarded}/**`, type: "HTTP" });
    await post("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    const held = await post("/api/rbac/subjects-to-roles", { subjectId: subjectOf(jwt), roleId: role.id });
    expect(await until(async () => (await onB()) === 200)).toBe(true);

    await a.inject({ method: "DELETE", url: `/api/rbac/subjects-to-roles/${held.id}`, headers: key });
    expect(await until(async () => (await onB()) === 403)).toBe(true);
  });
});

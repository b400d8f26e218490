import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { modules } from "../../server/modules/index.js";
import { defineModule, type Module } from "../../server/modules/module.js";
import { defineRoute } from "../../server/modules/route.js";
import { defaultRoles, IMPLICIT_ROLES } from "../../server/modules/rbac/permissions/default-permissions.js";
import { permissionPathOf } from "../../server/modules/rbac/permissions/route-access.js";
import { createTestApp, openTestDatabase, testDialect, type TestApp, type TestDatabase } from "../helpers/test-app.js";
import { bearer, register, type SignedIn } from "./helpers.js";

// A hand-written route says who may call it in its own declaration (`access` in
// server/modules/route.ts); start-up grants that to the implicit roles, on a fresh database and
// an existing one alike, with no default-permissions entry and no data migration.

const fixtureAccess: Module = defineModule("fixture-access", ["rbac"], (app) => {
  const answer = async () => ({ data: { ok: true } });
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/fixture-access/notes/:id/public",
      tag: "fixture-access",
      summary: "Anyone",
      access: "public",
    },
    answer,
  );
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/fixture-access/notes/:id/members",
      tag: "fixture-access",
      summary: "Signed-in subjects",
      access: "signed-in",
    },
    answer,
  );
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/fixture-access/notes/:id/admins",
      tag: "fixture-access",
      summary: "Admins, said",
      access: "admin",
    },
    answer,
  );
  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/fixture-access/notes/:id/undeclared",
      tag: "fixture-access",
      summary: "Admins, by default",
    },
    answer,
  );
});

const ID = "00000000-0000-4000-8000-000000000001";
const url = (name: string) => `/api/fixture-access/notes/${ID}/${name}`;
const ROUTES = ["public", "members", "admins", "undeclared"];

/** The stored permissions of a role on a path, as method and path. */
async function grantsOf(t: TestApp, role: string, path: string) {
  return t.database.db
    .selectFrom("rbac_roles_to_permissions as rp")
    .innerJoin("rbac_roles as r", "r.id", "rp.roleId")
    .innerJoin("rbac_permissions as p", "p.id", "rp.permissionId")
    .select(["p.id", "p.method", "p.path"])
    .where("r.uid", "=", role)
    .where("p.path", "=", path)
    .execute();
}

describe(`a route's declared access is its permission, without a migration, on ${testDialect}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let member: SignedIn;
  const start = async () => {
    await t?.close();
    t = await createTestApp({}, { database, modules: [...modules, fixtureAccess] });
    // Started as a server starts: ready, every route registered (the grants are written then).
    await t.app.ready();
    return t;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
    await start();
    member = await register(t, "member@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const statuses = async (headers: Record<string, string>) => {
    const out: Record<string, number> = {};
    for (const name of ROUTES)
      out[name] = (await t.request({ method: "GET", url: url(name), key: null, headers })).status;
    return out;
  };

  test("a visitor calls the public route and gets 401 from the others", async () => {
    expect(await statuses({})).toEqual({ public: 200, members: 401, admins: 401, undeclared: 401 });
  });

  test("a signed-in subject calls the public and the members' routes, and gets 403 from the admins'", async () => {
    expect(await statuses(bearer(member.jwt))).toEqual({ public: 200, members: 200, admins: 403, undeclared: 403 });
  });

  test("the grants are permission records of the implicit roles (an admin sees and may delete them)", async () => {
    expect(
      (await grantsOf(t, IMPLICIT_ROLES.everyone, "/api/fixture-access/notes/*/public")).map((g) => g.method),
    ).toEqual(["GET"]);
    expect(
      (await grantsOf(t, IMPLICIT_ROLES.signedIn, "/api/fixture-access/notes/*/members")).map((g) => g.method),
    ).toEqual(["GET"]);
    expect(await grantsOf(t, IMPLICIT_ROLES.everyone, "/api/fixture-access/notes/*/admins")).toEqual([]);
  });

  test("an existing database: a restart adds nothing twice, and a deleted grant comes back (the code says so)", async () => {
    const [grant] = await grantsOf(t, IMPLICIT_ROLES.everyone, "/api/fixture-access/notes/*/public");
    await start();
    expect(await grantsOf(t, IMPLICIT_ROLES.everyone, "/api/fixture-access/notes/*/public")).toEqual([grant]);
    await t.database.db.deleteFrom("rbac_roles_to_permissions").where("permissionId", "=", grant!.id).execute();
    await t.database.db.deleteFrom("rbac_permissions").where("id", "=", grant!.id).execute();
    await start();
    expect(await grantsOf(t, IMPLICIT_ROLES.everyone, "/api/fixture-access/notes/*/public")).toHaveLength(1);
    expect((await t.request({ method: "GET", url: url("public"), key: null })).status).toBe(200);
  });

  test("the OpenAPI document says who may call each by default", async () => {
    const { body } = await t.request({ method: "GET", url: "/api/openapi.json", key: null });
    const access = (name: string) => body.paths[`/api/fixture-access/notes/{id}/${name}`].get["x-default-access"];
    expect(ROUTES.map(access)).toEqual(["anyone", "signed-in", "permission", "permission"]);
  });

  test("the product's own public hand-written routes declare it, and are not in the default permissions", async () => {
    const anonymous = defaultRoles.find((r) => r.uid === IMPLICIT_ROLES.everyone)!.permissions.map(([, path]) => path);
    for (const path of [
      "/api/health",
      "/api/billing/payment-intents/providers",
      "/api/billing/payment-intents/*/webhook",
      "/api/billing/payment-intents/dummy/invoices/*",
    ]) {
      expect(anonymous, path).not.toContain(path);
      expect(
        t.app.rbac.routeGrants.filter((g) => g.path === path).map((g) => g.role),
        path,
      ).toEqual([IMPLICIT_ROLES.everyone]);
    }
    const health = await t.request({ method: "GET", url: "/api/health", key: null });
    expect(health.status).toBe(200);
    const providers = await t.request({ method: "GET", url: "/api/billing/payment-intents/providers", key: null });
    expect(providers.status).toBe(200);
  });
});

test("a route's URL as a permission pattern: a parameter is one segment, a wildcard any rest", () => {
  expect(permissionPathOf("/api/crm/forms/:id/requests")).toBe("/api/crm/forms/*/requests");
  expect(permissionPathOf("/api/files/*")).toBe("/api/files/**");
  expect(permissionPathOf("/api/health")).toBe("/api/health");
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { modules } from "../../server/modules/index.js";
import { defineModule } from "../../server/modules/module.js";
import { defineRoute } from "../../server/modules/route.js";
import { AUTH, bearer } from "../rbac/helpers.js";

const OWNER = { login: "owner@example.com", password: "owner password 123" };

// Routes whose declared access no default role holds yet: each start grants it when ready.
const declaring = defineModule("fixture-start-grants", ["rbac"], (app) => {
  for (const access of ["public", "signed-in"] as const)
    defineRoute(
      app,
      { method: "GET", url: `/api/fixture-start-grants/${access}`, tag: "fixture", summary: access, access },
      async () => ({ data: { ok: true } }),
    );
});

// Instances of a deployment start together on one empty database (docs/deploying.md, "Several
// instances"): each one migrates and writes the default roles, the declared grants, the admin
// from its settings and the demo content, and none may fail on, or repeat, what another wrote
// first. PGlite is one process: server only.
describe.skipIf(!serverUrl)("three instances started at once on an empty database", () => {
  let instances: Instances;

  beforeAll(async () => {
    instances = await createInstances(
      3,
      { seedDemoContent: true, drafts: true, adminEmail: OWNER.login, adminPassword: OWNER.password },
      { together: true, modules: [...modules, declaring] },
    );
  });
  afterAll(() => instances?.close());

  const count = async (query: string) => {
    const { rows } = await sql.raw<{ n: string }>(query).execute(instances.apps[0]!.database.db);
    return Number(rows[0]!.n);
  };

  test("all start and serve the one demo site, the one admin and each grant once", async () => {
    expect(instances.apps).toHaveLength(3);
    const jwts: string[] = [];
    for (const app of instances.apps) {
      expect((await app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
      const signIn = await app.inject({
        method: "POST",
        url: `${AUTH}/email-and-password/authentication`,
        payload: OWNER,
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      jwts.push(signIn.json().data.jwt);
    }
    // One signing key made at the first start: a session one instance began, every other one knows.
    for (const [i, app] of instances.apps.entries()) {
      const me = await app.inject({ method: "GET", url: `${AUTH}/me`, headers: bearer(jwts[(i + 1) % 3]!) });
      expect(me.statusCode, me.body).toBe(200);
    }
    expect(
      await count(`SELECT count(*) AS n FROM rbac_permissions WHERE path LIKE '/api/fixture-start-grants/%'`),
    ).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM rbac_identities WHERE email = '${OWNER.login}'`)).toBe(1);
    // No unique key stops a role holding one permission twice: only the instances taking turns at start does.
    expect(
      await count(`SELECT count(*) - count(DISTINCT ("roleId", "permissionId")) AS n FROM rbac_roles_to_permissions`),
    ).toBe(0);
  });
});

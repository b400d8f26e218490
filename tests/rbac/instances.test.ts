import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createInstances, serverUrl, until, type Instances } from "../helpers/instances.js";
import { SECRET } from "../helpers/test-app.js";
import { AUTH, PASSWORD, bearer, subjectOf } from "./helpers.js";

// Two instances over one PostgreSQL server: a permission change made through one reaches the
// other's cache through LISTEN/NOTIFY. PGlite is one process, so this runs on the server only.
describe.skipIf(!serverUrl)("several instances on one database", () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    instances = await createInstances(2);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => instances?.close());

  const key = { "x-rbac-secret-key": SECRET };
  test("a role granted or taken away through one instance counts at once on the other", async () => {
    const signUp = await a.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login: "ann@example.com", password: PASSWORD },
    });
    const jwt = signUp.json().data.jwt;
    const guarded = "/api/blog/articles-to-website-builder-module-widgets";
    const onB = async () => (await b.inject({ method: "GET", url: guarded, headers: bearer(jwt) })).statusCode;
    expect(await onB()).toBe(403); // B has now cached the rules and ann's roles

    const post = async (path: string, data: object) =>
      (await a.inject({ method: "POST", url: path, headers: key, payload: { data } })).json().data;
    const role = await post("/api/rbac/roles", { title: "Readers", uid: "readers", availableOnRegistration: false });
    const permission = await post("/api/rbac/permissions", { method: "GET", path: `${guarded}/**`, type: "HTTP" });
    await post("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    const held = await post("/api/rbac/subjects-to-roles", { subjectId: subjectOf(jwt), roleId: role.id });
    expect(await until(async () => (await onB()) === 200)).toBe(true);

    await a.inject({ method: "DELETE", url: `/api/rbac/subjects-to-roles/${held.id}`, headers: key });
    expect(await until(async () => (await onB()) === 403)).toBe(true);
  });
});

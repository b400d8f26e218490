import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createInstances, serverUrl, until, type Instances } from "../../helpers/instances.js";
import { AUTH, PASSWORD, bearer, subjectOf } from "../helpers.js";

// Two instances over one PostgreSQL server: a key revoked through one is refused by the other,
// which had it cached, through the change feed's LISTEN/NOTIFY. PGlite is one process: server only.
describe.skipIf(!serverUrl)("an API key revoked on one instance", () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    instances = await createInstances(2);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => instances?.close());

  test("is refused on the other at once", async () => {
    const signUp = await a.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login: "ann@example.com", password: PASSWORD },
    });
    const jwt = signUp.json().data.jwt;
    const keys = `/api/rbac/subjects/${subjectOf(jwt)}/api-keys`;
    const made = await a.inject({
      method: "POST",
      url: keys,
      headers: bearer(jwt),
      payload: { data: { title: "Script", scopes: ["read"] } },
    });
    expect(made.statusCode).toBe(201);
    const { id, key } = made.json().data;
    const onB = async () =>
      (await b.inject({ method: "GET", url: `/api/rbac/subjects/${subjectOf(jwt)}`, headers: bearer(key) })).statusCode;
    expect(await onB()).toBe(200); // B has the key cached now
    expect((await a.inject({ method: "DELETE", url: `${keys}/${id}`, headers: bearer(jwt) })).statusCode).toBe(200);
    expect(await until(async () => (await onB()) === 401)).toBe(true);
  });
});

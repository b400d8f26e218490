import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { AUTH } from "../rbac/helpers.js";

// Three instances over one PostgreSQL database count each request limit together
// (server/security/database-rate-limit-store.ts): with AUTH_RATE_LIMIT=20, the 21st sign-in
// attempt from one address in a minute is refused whichever instance it reaches, where counting
// on each instance would let 60 through. PGlite is one process: server only.
describe.skipIf(!serverUrl)("request limits shared by three instances", () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await createInstances(3, { authRateLimit: 20, searchRateLimit: 6 });
  });
  afterAll(() => instances?.close());

  const signIn = (app: FastifyInstance, address: string) =>
    app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      remoteAddress: address,
      payload: { login: "nobody@example.com", password: "not the password" },
    });

  test("the 21st sign-in attempt from one address is refused, on whichever instance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await signIn(instances.apps[i % 3]!, "203.0.113.9")).statusCode);
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Each instance refuses it now, and another address is counted apart.
    for (const app of instances.apps) expect((await signIn(app, "203.0.113.9")).statusCode).toBe(429);
    expect((await signIn(instances.apps[2]!, "203.0.113.10")).statusCode).not.toBe(429);
  });

  test("so is the search's limit, counted apart from sign-in", async () => {
    const search = (app: FastifyInstance) =>
      app.inject({ method: "GET", url: "/api/search?q=mug", remoteAddress: "203.0.113.11" });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await search(instances.apps[i % 3]!)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

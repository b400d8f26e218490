import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EventStreamReader } from "../helpers/event-stream-reader.js";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { SECRET } from "../helpers/test-app.js";
import { AUTH, bearer } from "../rbac/helpers.js";

const ADMIN = { adminEmail: "live@example.com", adminPassword: "live admin password" };
const FEATURES = "/api/website-builder/features";

// Two instances over one PostgreSQL server: a save through one is told to an admin tab whose live
// stream is open on the other (the change feed's LISTEN/NOTIFY). PGlite is one process.
describe.skipIf(!serverUrl)("the live stream across instances", () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    instances = await createInstances(2, ADMIN);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => instances?.close());

  test("a save through one instance reaches a tab on the other as `changed`", async () => {
    const key = { "x-rbac-secret-key": SECRET };
    const signIn = await a.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      payload: { login: ADMIN.adminEmail, password: ADMIN.adminPassword },
    });
    const jwt = signIn.json().data.jwt as string;
    const url = await a.listen({ host: "127.0.0.1", port: 0 });
    const created = await b.inject({
      method: "POST",
      url: FEATURES,
      headers: key,
      payload: { data: { title: { en: "One" } } },
    });
    const id = created.json().data.id as string;
    const reader = new EventStreamReader(await fetch(`${url}/api/admin/live`, { headers: bearer(jwt) }));
    const { stream } = (await reader.next((e) => e.event === "hello")).data;
    const record = { model: "website-builder/features", id };
    const heartbeat = await fetch(`${url}/api/admin/live/presence`, {
      method: "POST",
      headers: { ...bearer(jwt), "content-type": "application/json" },
      body: JSON.stringify({ data: { stream, record } }),
    });
    expect(heartbeat.status).toBe(204);
    const saved = await b.inject({
      method: "PATCH",
      url: `${FEATURES}/${id}`,
      headers: key,
      payload: { data: { title: { en: "Two" } } },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await reader.next((e) => e.event === "changed");
    expect(changed.data).toEqual({ ...record, etag: saved.headers.etag });
  });
});

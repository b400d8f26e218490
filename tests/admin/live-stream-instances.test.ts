import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EventStreamReader } from "../helpers/event-stream-reader.js";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { SECRET } from "../helpers/test-app.js";
import { AUTH, bearer } from "../rbac/helpers.js";

const ADMIN = { adminEmail: "live@example.com", adminPassword: "live admin password" };
const FEATURES = "/api/website-builder/features";

// Two instances over one PostgreSQL server: a save through one is told to an admin tab whose live
// stream is open on the other (the change feed's LISTEN/NOTIFY), and tabs on the two instances see
// each other on a record they both show. PGlite is one process.
describe.skipIf(!serverUrl)("the live stream across instances", () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    instances = await createInstances(2, ADMIN);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => instances?.close());

  /** The instance's address, listening on a free loopback port from the first ask. */
  const urlOf = async (app: FastifyInstance) =>
    app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
      : app.listen({ host: "127.0.0.1", port: 0 });

  test("a save through one instance reaches a tab on the other as `changed`", async () => {
    const key = { "x-rbac-secret-key": SECRET };
    const signIn = await a.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      payload: { login: ADMIN.adminEmail, password: ADMIN.adminPassword },
    });
    const jwt = signIn.json().data.jwt as string;
    const url = await urlOf(a);
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

  test("two tabs on one record, each on its own instance, see each other; one that leaves is gone", async () => {
    const signIn = await a.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      payload: { login: ADMIN.adminEmail, password: ADMIN.adminPassword },
    });
    const jwt = signIn.json().data.jwt as string;
    const subjectId = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).sub as string;
    const created = await a.inject({
      method: "POST",
      url: FEATURES,
      headers: { "x-rbac-secret-key": SECRET },
      payload: { data: { title: { en: "Shared" } } },
    });
    const record = { model: "website-builder/features", id: created.json().data.id as string };
    const [urlA, urlB] = [await urlOf(a), await urlOf(b)];
    const open = async (url: string) => {
      const abort = new AbortController();
      const response = await fetch(`${url}/api/admin/live`, { headers: bearer(jwt), signal: abort.signal });
      const reader = new EventStreamReader(response);
      const { stream } = (await reader.next((e) => e.event === "hello")).data;
      const show = (shown: typeof record | null) =>
        fetch(`${url}/api/admin/live/presence`, {
          method: "POST",
          headers: { ...bearer(jwt), "content-type": "application/json" },
          body: JSON.stringify({ data: { stream, record: shown } }),
        }).then((r) => r.status);
      return { reader, show, close: () => abort.abort() };
    };
    const onA = await open(urlA);
    expect(await onA.show(record)).toBe(204);
    expect((await onA.reader.next((e) => e.event === "presence")).data.people).toEqual([]);
    const onB = await open(urlB);
    expect(await onB.show(record)).toBe(204);
    const seenByA = await onA.reader.next((e) => e.event === "presence" && e.data.people.length > 0);
    expect(seenByA.data.people).toEqual([{ subjectId, email: ADMIN.adminEmail }]);
    const seenByB = await onB.reader.next((e) => e.event === "presence" && e.data.people.length > 0);
    expect(seenByB.data.people).toEqual(seenByA.data.people);
    // B's tab closes: A is alone again at once, not when B's heartbeats have been missed for 15 s.
    onB.close();
    const alone = onA.reader.next((e) => e.event === "presence");
    const late = new Promise((resolve) => setTimeout(resolve, 5000, "not told within 5 s"));
    expect(await Promise.race([alone.then((e) => e.data.people), late])).toEqual([]);
    onA.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecord, createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { EventStreamReader } from "../helpers/event-stream-reader.js";
import { ADMIN_ROLE } from "../../server/modules/rbac/index.js";
import { bearer, register, signIn, type SignedIn } from "../rbac/helpers.js";

const ADMIN = { adminEmail: "first@example.com", adminPassword: "first admin password" };
const SECOND = "second@example.com";
const FEATURES = "/api/website-builder/features";

// The admin's live stream (docs/admin.md, "Two editors on one page") over a real listening server:
// presence of two admins on one record, a save told to the other, refusals, and the stream ended
// when the app closes.
describe(`GET /api/admin/live on ${testDialect}`, () => {
  let t: TestApp;
  let url: string;
  let first: SignedIn;
  let second: SignedIn;

  /** Opens a tab's stream as `session` and returns its reader with the stream id its hello named. */
  const open = async (session: SignedIn) => {
    const response = await fetch(`${url}/api/admin/live`, { headers: bearer(session.jwt) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // Not compressed whatever the client accepts (fetch asks for gzip and br): it would be held back.
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = new EventStreamReader(response);
    const hello = await reader.next((e) => e.event === "hello");
    return { reader, stream: hello.data.stream as string };
  };
  const heartbeat = (session: SignedIn, stream: string, record: { model: string; id: string } | null) =>
    fetch(`${url}/api/admin/live/presence`, {
      method: "POST",
      headers: { ...bearer(session.jwt), "content-type": "application/json" },
      body: JSON.stringify({ data: { stream, record } }),
    });

  beforeAll(async () => {
    t = await createTestApp(ADMIN);
    url = await t.app.listen({ host: "127.0.0.1", port: 0 });
    first = await signIn(t, ADMIN.adminEmail, ADMIN.adminPassword);
    // The second admin is made as an admin would: an account, then the admin role.
    second = await register(t, SECOND);
    const roles = await t.request({
      method: "GET",
      url: `/api/rbac/roles?filters[and][0][column]=uid&filters[and][0][method]=eq&filters[and][0][value]=${ADMIN_ROLE}`,
    });
    await createRecord(t, "/api/rbac/subjects-to-roles", {
      subjectId: second.subjectId,
      roleId: roles.body.data[0].id,
    });
  });
  afterAll(() => t.close());

  it("shows two admins on one record to each other, and one that leaves is gone", async () => {
    const feature = await createRecord(t, FEATURES, { title: { en: "Shared" } });
    const record = { model: "website-builder/features", id: feature.id };
    const a = await open(first);
    const b = await open(second);
    expect((await heartbeat(first, a.stream, record)).status).toBe(204);
    expect((await a.reader.next((e) => e.event === "presence")).data).toEqual({ ...record, people: [] });
    expect((await heartbeat(second, b.stream, record)).status).toBe(204);
    const seenByA = await a.reader.next((e) => e.event === "presence" && e.data.people.length > 0);
    expect(seenByA.data.people).toEqual([{ subjectId: second.subjectId, email: SECOND }]);
    const seenByB = await b.reader.next((e) => e.event === "presence" && e.data.people.length > 0);
    expect(seenByB.data.people).toEqual([{ subjectId: first.subjectId, email: ADMIN.adminEmail }]);
    // B's screen moves elsewhere: A is alone again.
    await heartbeat(second, b.stream, null);
    expect((await a.reader.next((e) => e.event === "presence")).data.people).toEqual([]);
  });

  it("tells the tabs on a record that someone saved it, with the new ETag", async () => {
    const feature = await createRecord(t, FEATURES, { title: { en: "Before" } });
    const record = { model: "website-builder/features", id: feature.id };
    const a = await open(first);
    await heartbeat(first, a.stream, record);
    await a.reader.next((e) => e.event === "presence");
    const saved = await t.request({
      method: "PATCH",
      url: `${FEATURES}/${feature.id}`,
      payload: { data: { title: { en: "After" } } },
    });
    expect(saved.status).toBe(200);
    const changed = await a.reader.next((e) => e.event === "changed");
    expect(changed.data).toEqual({
      ...record,
      etag: (
        await t.app.inject({
          method: "GET",
          url: `${FEATURES}/${feature.id}`,
          headers: { "x-rbac-secret-key": SECRET },
        })
      ).headers.etag,
    });
  });

  it("refuses a visitor (401), a signed-in subject without the admin role (403), and another's stream (404)", async () => {
    expect((await fetch(`${url}/api/admin/live`)).status).toBe(401);
    const plain = await register(t, "plain@example.com");
    expect((await fetch(`${url}/api/admin/live`, { headers: bearer(plain.jwt) })).status).toBe(403);
    const presence = await fetch(`${url}/api/admin/live/presence`, {
      method: "POST",
      headers: { ...bearer(plain.jwt), "content-type": "application/json" },
      body: JSON.stringify({ data: { stream: crypto.randomUUID(), record: null } }),
    });
    expect(presence.status).toBe(403);
    const a = await open(first);
    expect((await heartbeat(second, a.stream, null)).status).toBe(404);
  });

  it("ends every open stream when the app closes, and the close does not wait for them", async () => {
    const a = await open(first);
    const b = await open(second);
    await t.app.close();
    await Promise.all([a.reader.ended, b.reader.ended]);
    expect(t.app.lifecycle.streams.size).toBe(0);
  });
});

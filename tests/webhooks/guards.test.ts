import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, PASSWORD, register, signIn, type SignedIn } from "../rbac/helpers.js";
import { Receiver } from "./receiver.js";
import { createWebhook, settled, WEBHOOKS } from "./helpers.js";

// What keeps webhooks safe (docs/webhooks.md, docs/security.md): admins only, the SSRF guard at
// creation and again at delivery after DNS, event patterns that name real events, and the
// automatic turn-off after five days of failures with the admins mailed.
const ADMIN = "admin@example.com";
const DAY = 86_400_000;
const PUBLIC_ADDRESS = [{ address: "93.184.215.14", family: 4 }];
const LOOPBACK = [{ address: "127.0.0.1", family: 4 }];

describe(`webhook guards, on ${testDialect}`, () => {
  const receiver = new Receiver();
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  beforeAll(async () => {
    await receiver.start();
    // No WEBHOOK_ALLOW_PRIVATE: the guard is as in production.
    t = await createTestApp({
      adminEmail: ADMIN,
      adminPassword: PASSWORD,
      environment: { WEBHOOK_RETRY_SCHEDULE: "10ms" },
    });
    admin = await signIn(t, ADMIN);
    user = await register(t, "user@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  test.each([
    ["a loopback IP", { url: "http://127.0.0.1:8080/hook" }, "/url"],
    ["a private IP", { url: "http://10.1.2.3/hook" }, "/url"],
    ["the metadata address", { url: "http://169.254.169.254/latest" }, "/url"],
    ["a name that resolves to loopback", { url: "http://localhost:8080/hook" }, "/url"],
    ["not http", { url: "ftp://hooks.example.com/" }, "/url"],
    ["credentials in the URL", { url: "https://user:pw@hooks.example.com/" }, "/url"],
    ["no events", { url: "https://hooks.example.com/", events: [] }, "/events"],
    ["an event that does not exist", { url: "https://hooks.example.com/", events: ["shop.thing.exploded"] }, "/events"],
    ["a pattern of two parts", { url: "https://hooks.example.com/", events: ["ecommerce.*"] }, "/events/0"],
  ])("create refuses %s (400 naming %s)", async (_what, given, path) => {
    t.app.webhooks.resolver = async (host) => (host === "localhost" ? LOOPBACK : PUBLIC_ADDRESS);
    const answer = await t.request({
      method: "POST",
      url: WEBHOOKS,
      payload: { data: { events: ["*.*.*"], ...given } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errors ?? answer.body.causes ?? JSON.stringify(answer.body)).toBeTruthy();
    expect(JSON.stringify(answer.body)).toContain(path);
  });

  test("PATCH is checked the same way: a loopback URL is refused, the record unchanged", async () => {
    t.app.webhooks.resolver = async () => PUBLIC_ADDRESS;
    const hook = await createWebhook(t, { url: "https://hooks.example.com/a", events: ["ecommerce.order.*"] });
    const patched = await t.request({
      method: "PATCH",
      url: `${WEBHOOKS}/${hook.id}`,
      payload: { data: { url: "http://127.0.0.1/" } },
    });
    expect(patched.status).toBe(400);
    const read = await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}` });
    expect(read.body.data.url).toBe("https://hooks.example.com/a");
  });

  test("at delivery the host is resolved again: a name that now points at loopback is refused, nothing is sent", async () => {
    const port = new URL(receiver.url).port;
    t.app.webhooks.resolver = async () => PUBLIC_ADDRESS;
    const hook = await createWebhook(t, {
      url: `http://rebinding.example.com:${port}/hook`,
      events: ["crm.request.created"],
    });
    t.app.webhooks.resolver = async () => LOOPBACK;
    await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
    const [delivery] = await settled(t, hook.id);
    expect(delivery).toMatchObject({ state: "failed", attempts: 2, statusCode: null });
    expect(delivery.error).toMatch(/refused.*127\.0\.0\.1.*loopback/);
    expect(receiver.received).toEqual([]);
  });

  const routes = (id: string): [string, string][] => [
    ["GET", WEBHOOKS],
    ["POST", WEBHOOKS],
    ["GET", `${WEBHOOKS}/${id}`],
    ["PATCH", `${WEBHOOKS}/${id}`],
    ["POST", `${WEBHOOKS}/${id}/roll-secret`],
    ["POST", `${WEBHOOKS}/${id}/test`],
    ["GET", `${WEBHOOKS}/${id}/deliveries`],
    ["GET", `${WEBHOOKS}/event-types`],
  ];

  test("admins only: a signed-in user is refused (403), a visitor too (401), an admin is served", async () => {
    t.app.webhooks.resolver = async () => PUBLIC_ADDRESS;
    // Domain events only: a record event of another test's writes would fail here, and turn it off too.
    const hook = await createWebhook(t, { url: "https://hooks.example.com/b", events: ["ecommerce.order.*"] });
    for (const [method, url] of routes(hook.id)) {
      const payload =
        method === "GET" ? undefined : { data: { url: "https://hooks.example.com/c", events: ["*.*.*"] } };
      expect((await as(t, user)({ method: method as any, url, payload })).status, `${method} ${url}`).toBe(403);
      expect((await as(t, undefined)({ method: method as any, url, payload })).status, `${method} ${url}`).toBe(401);
    }
    const byAdmin = await as(t, admin)({ method: "GET", url: `${WEBHOOKS}/event-types` });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toEqual(
      expect.arrayContaining(["ecommerce.order.paid", "rbac.subject.created", "ecommerce.orders.created"]),
    );
  });

  test("failing for five days turns the webhook off and mails the admins; turning it on again clears why", async () => {
    // Saved while its name resolved to a public address; now it points at loopback, which this app
    // refuses: every attempt fails, as a dead receiver's would.
    t.app.webhooks.resolver = async () => PUBLIC_ADDRESS;
    const hook = await createWebhook(t, {
      title: "Dead receiver",
      url: "http://dead.example.com/hook",
      // Its test events only (no record events of the writes here, such as the admins' mail): the log counts them.
      events: ["ecommerce.order.*"],
    });
    t.app.webhooks.resolver = async () => LOOPBACK;
    await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
    await settled(t, hook.id);
    let read = (await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}` })).body.data;
    expect(read).toMatchObject({ active: true, disabledAt: null });
    expect(read.failingSince).not.toBeNull();

    t.app.webhooks.now = () => Date.now() + 5 * DAY + 60_000;
    try {
      await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
      const rows = await settled(t, hook.id);
      expect(rows[0]).toMatchObject({ state: "failed", attempts: 1 });
    } finally {
      t.app.webhooks.now = Date.now;
    }
    read = (await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}` })).body.data;
    expect(read.active).toBe(false);
    expect(read.disabledAt).not.toBeNull();
    expect(read.disabledReason).toMatch(/every delivery failed for 5 days/);
    // The turn-off is in the audit log as the system's update of the webhook.
    const log = await t.request({ method: "GET", url: `/api/admin/audit?record=${hook.id}&action=update` });
    expect(log.body.data[0]).toMatchObject({
      via: "system",
      subjectId: null,
      changes: { active: [true, false], disabledReason: [null, read.disabledReason] },
    });
    const mail = await t.database.db
      .selectFrom("notification_notifications")
      .select(["recipient", "template", "data"])
      .where("template", "=", "webhook-disabled")
      .execute();
    expect(mail).toEqual([
      expect.objectContaining({ recipient: ADMIN, data: expect.objectContaining({ webhookName: "Dead receiver" }) }),
    ]);
    expect((await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` })).status).toBe(409);

    t.app.webhooks.resolver = async () => PUBLIC_ADDRESS;
    const on = await t.request({ method: "PATCH", url: `${WEBHOOKS}/${hook.id}`, payload: { data: { active: true } } });
    expect(on.status).toBe(200);
    // Turned on again, it fails once more: the five days start again, it stays on, the old turn-off is forgotten.
    t.app.webhooks.resolver = async () => LOOPBACK;
    await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
    expect(await settled(t, hook.id)).toHaveLength(3);
    read = (await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}` })).body.data;
    expect(read).toMatchObject({ active: true, disabledAt: null, disabledReason: null });
    expect(Date.now() - Date.parse(read.failingSince)).toBeLessThan(60_000);
  });
});

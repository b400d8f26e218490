import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, openTestDatabase, testDialect, type TestApp } from "../helpers/test-app.js";
import { register } from "../rbac/helpers.js";
import { Receiver } from "./receiver.js";
import { createWebhook, deliveriesOf, queriesOf, settled, WEBHOOKS } from "./helpers.js";

// Signed delivery through the jobs queue (docs/webhooks.md): Standard Webhooks headers checked by
// the `standardwebhooks` package in a real receiver on 127.0.0.1, retries, the outbox's
// transaction, a restart between commit and delivery, redelivery, test events, rolled secrets.
const environment = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "10ms,10ms,10ms" };
const HOUR = 3_600_000;

describe(`webhook delivery, on ${testDialect}`, () => {
  const receiver = new Receiver();
  let t: TestApp;
  let hook: any;
  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ environment });
    hook = await createWebhook(t, { title: "Orders", url: receiver.url, events: ["rbac.subject.*", "crm.*.created"] });
    receiver.secrets = [hook.secret];
  });
  beforeEach(() => receiver.reset());
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  test("the create answers the secret once: whsec_ and 24+ bytes; the record never shows it again", async () => {
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(hook.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const read = await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}` });
    const list = await t.request({ method: "GET", url: WEBHOOKS });
    for (const record of [read.body.data, list.body.data[0]]) {
      expect(record).toMatchObject({ url: receiver.url, active: true });
      expect(Object.keys(record)).not.toEqual(expect.arrayContaining(["secret"]));
      expect(Object.keys(record).filter((k) => /secret/i.test(k))).toEqual([]);
    }
  });

  test("a registration is delivered signed: the receiver's library verifies it; the log says succeeded", async () => {
    const ann = await register(t, "ann@example.com");
    const [delivery] = await settled(t, hook.id);
    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    expect(message!.verified).toMatchObject({ ok: true });
    expect(message!.headers["content-type"]).toBe("application/json");
    expect(message!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(message!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const body = JSON.parse(message!.body);
    expect(body).toMatchObject({ type: "rbac.subject.created", data: { id: ann.subjectId } });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    expect(JSON.stringify(body.data)).not.toMatch(/password|hash/i);
    expect(delivery).toMatchObject({
      eventType: "rbac.subject.created",
      state: "succeeded",
      attempts: 1,
      statusCode: 200,
      response: "thanks",
    });
    expect(delivery.durationMs).toBeGreaterThanOrEqual(0);
  });

  test("500, 500, then 200: three attempts with the shortened backoff, each in the log", async () => {
    receiver.statuses = [500, 500];
    const queued = await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
    expect(queued.status).toBe(201);
    const rows = await settled(t, hook.id);
    const delivery = rows.find((row) => row.id === queued.body.data.deliveryId);
    expect(delivery).toMatchObject({ eventType: "webhook.test", state: "succeeded", attempts: 3, statusCode: 200 });
    expect(delivery.attemptLog.map((a: any) => a.statusCode)).toEqual([500, 500, 200]);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.verified.ok)).toBe(true);
    // One message: the same webhook-id on every attempt, so a receiver can drop repeats.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  });

  test("a receiver that keeps failing: the delivery fails after the schedule (1 + 3 retries), with the last answer", async () => {
    receiver.statuses = [500, 500, 500, 500, 500];
    const queued = await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
    const rows = await settled(t, hook.id);
    const delivery = rows.find((row) => row.id === queued.body.data.deliveryId);
    expect(delivery).toMatchObject({
      state: "failed",
      attempts: 4,
      statusCode: 500,
      response: "failed with 500",
      nextAttemptAt: null,
    });
  });

  test("an event queued in a transaction that rolls back sends nothing", async () => {
    const before = (await deliveriesOf(t, hook.id)).length;
    await expect(
      queriesOf(t)
        .transaction()
        .execute(async (trx) => {
          await t.app.webhooks.enqueue(trx, { type: "crm.request.created", data: { id: "rolled back" } });
          throw new Error("the write failed");
        }),
    ).rejects.toThrow("the write failed");
    await t.app.notifications.flush();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(t, hook.id)).toHaveLength(before);
  });

  test("redeliver sends the same message again (same webhook-id and body) as a new delivery", async () => {
    const queued = await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
    await settled(t, hook.id);
    const again = await t.request({
      method: "POST",
      url: `${WEBHOOKS}/${hook.id}/deliveries/${queued.body.data.deliveryId}/redeliver`,
    });
    expect(again.status).toBe(201);
    const rows = await settled(t, hook.id);
    expect(rows.find((row) => row.id === again.body.data.deliveryId)).toMatchObject({
      state: "succeeded",
      attempts: 1,
    });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.verified.ok).toBe(true);
    const unknown = await t.request({
      method: "POST",
      url: `${WEBHOOKS}/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
    });
    expect(unknown.status).toBe(404);
  });

  test("a rolled secret: both sign for 24 hours (two v1 signatures), then the new one alone", async () => {
    const rolled = await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/roll-secret` });
    expect(rolled.status).toBe(200);
    const fresh = rolled.body.data.secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(hook.secret);
    for (const secrets of [[fresh], [hook.secret]]) {
      receiver.reset();
      receiver.secrets = secrets;
      await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
      await settled(t, hook.id);
      expect(String(receiver.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
      expect(receiver.received[0]!.verified.ok).toBe(true);
    }
    t.app.webhooks.now = () => Date.now() + 25 * HOUR;
    try {
      receiver.reset();
      receiver.secrets = [hook.secret];
      await t.request({ method: "POST", url: `${WEBHOOKS}/${hook.id}/test` });
      await settled(t, hook.id);
      expect(String(receiver.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
      expect(receiver.received[0]!.verified.ok).toBe(false);
    } finally {
      t.app.webhooks.now = Date.now;
      receiver.secrets = [fresh];
      hook.secret = fresh;
    }
  });

  test("the delivery log pages newest first with `next`", async () => {
    const all = await deliveriesOf(t, hook.id);
    expect(all.length).toBeGreaterThan(3);
    const first = await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}/deliveries?limit=2` });
    expect(first.body.data).toHaveLength(2);
    const second = await t.request({
      method: "GET",
      url: `${WEBHOOKS}/${hook.id}/deliveries?limit=2&after=${first.body.next}`,
    });
    expect([...first.body.data, ...second.body.data].map((d: any) => d.id)).toEqual(all.slice(0, 4).map((d) => d.id));
    const bad = await t.request({ method: "GET", url: `${WEBHOOKS}/${hook.id}/deliveries?after=nonsense` });
    expect(bad.status).toBe(400);
  });
});

describe(`an outbox row committed before the instance stopped is delivered once by another, on ${testDialect}`, () => {
  test("stop the app after the commit, start another on the same database: one delivery", async () => {
    const receiver = new Receiver();
    await receiver.start();
    const database = await openTestDatabase({ from: "migrated" });
    const quiet = { ...configFromEnv({}).notifications, worker: false, pollMs: 0 };
    try {
      const first = await createTestApp({ environment, notifications: quiet }, { database });
      const hook = await createWebhook(first, { url: receiver.url, events: ["crm.request.created"] });
      receiver.secrets = [hook.secret];
      await queriesOf(first)
        .transaction()
        .execute((trx) => first.app.webhooks.enqueue(trx, { type: "crm.request.created", data: { id: "r1" } }));
      await first.close();
      expect(receiver.received).toEqual([]);
      const second = await createTestApp({ environment }, { database });
      try {
        await settled(second, hook.id);
        await second.app.notifications.flush();
        expect(receiver.received).toHaveLength(1);
        expect(receiver.received[0]!.verified).toMatchObject({ ok: true, payload: { type: "crm.request.created" } });
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await receiver.stop();
    }
  });
});

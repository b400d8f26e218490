import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { runTransaction } from "../../engine/query/transaction.js";
import { eventually } from "../helpers/eventually.js";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { createRecord, createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { register } from "../rbac/helpers.js";
import { importFile } from "../transfer/transfer-helpers.js";
import { Receiver } from "./receiver.js";
import { createWebhook, deliveriesOf, settled, WEBHOOKS } from "./helpers.js";

// Record events (docs/webhooks.md "Record events"): `{module}.{entity}.created|updated|deleted` of
// every write through a model's repository, `.published|.unpublished` of a drafted record, each
// queued in the write's transaction and verified by the `standardwebhooks` package in a receiver
// on 127.0.0.1. Listeners are attached only to the models some active webhook subscribes to.
// Drafts on: a save changes the working copy, and publishing is its own step.
const environment = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "10ms,10ms,10ms" };
const ARTICLES = "/api/blog/articles";

/** A record as the generic routes answer it, without the drafts' `publication` beside it. */
const recordOf = ({ publication: _publication, ...record }: any) => record;

describe(`record events, on ${testDialect}`, () => {
  const receiver = new Receiver();
  let t: TestApp;
  let articles: any;
  let accounts: any;

  /** The verified messages' bodies, in the order they came. */
  const bodies = () =>
    receiver.received.map((message) => {
      expect(message.verified, message.body).toMatchObject({ ok: true });
      return JSON.parse(message.body);
    });
  /** The bodies of one event type. */
  const ofType = (type: string) => bodies().filter((body) => body.type === type);
  const listeners = (modelId: string) => t.app.repositories.get(modelId)!.listenerCount;
  const records = () => t.app.webhooks.records!;

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ drafts: true, environment });
    articles = await createWebhook(t, { title: "Blog mirror", url: receiver.url, events: ["blog.articles.*"] });
    accounts = await createWebhook(t, {
      title: "Accounts",
      url: receiver.url,
      events: ["rbac.identities.created", "rbac.subjects.created"],
    });
    receiver.secrets = [articles.secret, accounts.secret];
  });
  beforeEach(() => receiver.reset());
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  test("an article made, edited and deleted through the generic routes: created, updated, deleted, each with the record", async () => {
    const made = await createRecord(t, ARTICLES, { title: { en: "Record events" } });
    const edited = await t.request({
      method: "PATCH",
      url: `${ARTICLES}/${made.id}`,
      payload: { data: { title: { en: "Record events, edited" } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const deleted = await t.request({ method: "DELETE", url: `${ARTICLES}/${made.id}` });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await settled(t, articles.id);

    const cases = [
      { type: "blog.articles.created", record: recordOf(made), title: "Record events" },
      { type: "blog.articles.updated", record: recordOf(edited.body.data), title: "Record events, edited" },
      // A delete's record is the row as it was.
      { type: "blog.articles.deleted", record: recordOf(deleted.body.data), title: "Record events, edited" },
    ];
    expect(
      bodies()
        .map((body) => body.type)
        .sort(),
    ).toEqual(cases.map((c) => c.type).sort());
    for (const { type, record, title } of cases) {
      const [body] = ofType(type);
      expect(body, type).toEqual({ type, timestamp: expect.any(String), data: record });
      expect(body.data, type).toMatchObject({ id: made.id, title: { en: title } });
    }
    const log = await deliveriesOf(t, articles.id);
    expect(log.slice(0, 3).every((delivery) => delivery.state === "succeeded")).toBe(true);
  });

  test("a module service's writes (a registration): the identity and the subject, without their hidden fields", async () => {
    const ann = await register(t, "ann-records@example.com");
    await settled(t, accounts.id);
    const cases = [
      { type: "rbac.identities.created", model: "rbac/identities", shows: { email: "ann-records@example.com" } },
      { type: "rbac.subjects.created", model: "rbac/subjects", shows: { id: ann.subjectId } },
    ];
    for (const { type, model, shows } of cases) {
      const [body, more] = ofType(type);
      expect(more, type).toBeUndefined();
      expect(body.data, type).toMatchObject(shows);
      const hidden = t.app.registry
        .get(model)
        .fields.filter((field) => field.hidden)
        .map((field) => field.name);
      expect(hidden.length, model).toBeGreaterThan(0);
      expect(
        Object.keys(body.data).filter((key) => hidden.includes(key)),
        type,
      ).toEqual([]);
    }
    expect(JSON.stringify(bodies())).not.toMatch(/"(password|salt)"/);
  });

  test.each([
    {
      route: "a bulk create: one event per record",
      write: async () => {
        const answer = await t.request({
          method: "POST",
          url: `${ARTICLES}/bulk`,
          payload: { data: ["One", "Two", "Three"].map((en) => ({ title: { en } })) },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return { created: answer.body.data.map((r: any) => r.id), updated: [] };
      },
    },
    {
      route: "find-or-create: created once, then found (nothing written, nothing sent)",
      write: async () => {
        const data = { slug: "found-once", title: { en: "Found once" } };
        const made = await t.request({ method: "POST", url: `${ARTICLES}/find-or-create`, payload: { data } });
        const found = await t.request({ method: "POST", url: `${ARTICLES}/find-or-create`, payload: { data } });
        expect([made.status, found.status]).toEqual([201, 200]);
        return { created: [made.body.data.id], updated: [] };
      },
    },
    {
      route: "an import: created for its new row, updated for the row it updates",
      write: async () => {
        const kept = await createRecord(t, ARTICLES, { title: { en: "Before the import" } });
        await settled(t, articles.id);
        receiver.reset();
        const fresh = randomUUID();
        const rows = [
          { ...recordOf(kept), title: { en: "Imported over" } },
          { id: fresh, title: { en: "Imported new" } },
        ];
        const answer = await importFile(t, "blog/articles", JSON.stringify(rows), "articles.json");
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return { created: [fresh], updated: [kept.id] };
      },
    },
  ])("$route", async ({ write }) => {
    const { created, updated } = await write();
    await settled(t, articles.id);
    const idsOf = (type: string) =>
      ofType(type)
        .map((body) => body.data.id)
        .sort();
    expect(idsOf("blog.articles.created")).toEqual([...created].sort());
    expect(idsOf("blog.articles.updated")).toEqual([...updated].sort());
    expect(bodies()).toHaveLength(created.length + updated.length);
  });

  test.each([
    {
      name: "a bulk update whose second record does not exist (404 after the first was updated)",
      write: async (existing: string) => {
        const answer = await t.request({
          method: "PATCH",
          url: `${ARTICLES}/bulk`,
          payload: {
            data: [
              { id: existing, title: { en: "Never seen" } },
              { id: randomUUID(), title: { en: "Missing" } },
            ],
          },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      },
    },
    {
      name: "a module's transaction that fails after its create (the event was queued in it)",
      write: async () => {
        const failing = runTransaction(t.app.database, t.app.repositories, async (repository, trx) => {
          const before = await trx.selectFrom("admin/webhook-deliveries").select("id").execute();
          await repository("blog/articles").create({ title: { en: "Rolled back" } });
          const after = await trx.selectFrom("admin/webhook-deliveries").select("id").execute();
          expect(after.length - before.length).toBe(1);
          throw new Error("the work failed after its create");
        });
        await expect(failing).rejects.toThrow("the work failed after its create");
      },
    },
  ])("a rolled-back write sends nothing: $name", async ({ write }) => {
    const existing = await createRecord(t, ARTICLES, { title: { en: "Kept" } });
    await settled(t, articles.id);
    receiver.reset();
    const before = (await deliveriesOf(t, articles.id)).length;
    await write(existing.id);
    await t.app.notifications.flush();
    expect(await deliveriesOf(t, articles.id)).toHaveLength(before);
    expect(receiver.received).toEqual([]);
  });

  test("listeners only where a webhook subscribes: none on a model no active webhook takes", async () => {
    expect(records().attachedModels()).toEqual(["blog/articles", "rbac/identities", "rbac/subjects"]);
    expect(listeners("broadcast/channels")).toBe(0);
    expect(listeners("blog/categories")).toBe(0);
    expect(listeners("blog/articles")).toBe(1);
  });

  test.each([
    {
      stop: "turned off",
      change: (id: string) => ({ method: "PATCH", url: `${WEBHOOKS}/${id}`, payload: { data: { active: false } } }),
    },
    { stop: "deleted", change: (id: string) => ({ method: "DELETE", url: `${WEBHOOKS}/${id}` }) },
  ] as const)(
    "a webhook made takes effect at once; $stop, its events stop and its listener goes",
    async ({ stop, change }) => {
      const channels = "broadcast/channels";
      expect(listeners(channels)).toBe(0);
      const hook = await createWebhook(t, {
        title: `Channels ${stop}`,
        url: receiver.url,
        events: ["broadcast.channels.created"],
      });
      receiver.secrets = [...receiver.secrets, hook.secret];
      // No waiting: the webhook's own write attached the listener before its commit.
      expect(listeners(channels)).toBe(1);
      const first = await createRecord(t, `/api/${channels}`, { title: `first ${stop}` });
      const [delivery] = await settled(t, hook.id);
      expect(delivery).toMatchObject({ eventType: "broadcast.channels.created", state: "succeeded" });
      expect(bodies()).toEqual([{ type: "broadcast.channels.created", timestamp: expect.any(String), data: first }]);

      receiver.reset();
      const changed = await t.request(change(hook.id));
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await createRecord(t, `/api/${channels}`, { title: `second ${stop}` });
      await t.app.notifications.flush();
      expect(receiver.received).toEqual([]);
      if (stop === "turned off") expect(await deliveriesOf(t, hook.id)).toHaveLength(1);
      await records().idle();
      expect(listeners(channels)).toBe(0);
      expect(records().attachedModels()).not.toContain(channels);
    },
  );

  test("a drafted article published, then unpublished: .published and .unpublished with the published record", async () => {
    const made = await createRecord(t, ARTICLES, { title: { en: "To publish" } });
    await settled(t, articles.id);
    const steps = [
      { step: "publish", type: "blog.articles.published" },
      { step: "unpublish", type: "blog.articles.unpublished" },
    ];
    for (const { step, type } of steps) {
      receiver.reset();
      const answer = await t.request({ method: "POST", url: `${ARTICLES}/${made.id}/${step}` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await settled(t, articles.id);
      expect(bodies().map((body) => body.type)).toEqual([type]);
      const [body] = bodies();
      expect(body.data).toMatchObject({ id: made.id, title: { en: "To publish" } });
      // The published copy, as visitors read it: the record's fields and when it was published.
      expect(Object.keys(body.data).sort()).toEqual([...Object.keys(recordOf(made)), "publishedAt"].sort());
    }
  });
});

// Two instances over one PostgreSQL server: a webhook saved through one attaches its listener on
// the other once the change feed's NOTIFY arrives, and turned off there, the listener goes again.
describe.skipIf(!serverUrl)("record event listeners across instances", () => {
  const receiver = new Receiver();
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const key = { "x-rbac-secret-key": SECRET };
  beforeAll(async () => {
    await receiver.start();
    instances = await createInstances(2, { environment });
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(async () => {
    await instances?.close();
    await receiver.stop();
  });

  test("saved on one, listened to on the other; turned off, detached there too", async () => {
    const made = await a.inject({
      method: "POST",
      url: WEBHOOKS,
      headers: key,
      payload: { data: { url: receiver.url, events: ["broadcast.channels.created"] } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json().data;
    receiver.secrets = [hook.secret];
    const attachedOn = (app: FastifyInstance) => app.webhooks.records!.attachedModels().includes("broadcast/channels");
    await eventually("b to attach the channels' listener", () => attachedOn(b));
    const channel = await b.inject({
      method: "POST",
      url: "/api/broadcast/channels",
      headers: key,
      payload: { data: { title: "across instances" } },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    await eventually("the event written on b to arrive", async () => {
      await b.notifications.flush();
      return receiver.received.length === 1;
    });
    expect(receiver.received[0]!.verified).toMatchObject({
      ok: true,
      payload: { type: "broadcast.channels.created", data: { id: channel.json().data.id } },
    });

    const off = await a.inject({
      method: "PATCH",
      url: `${WEBHOOKS}/${hook.id}`,
      headers: key,
      payload: { data: { active: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await eventually("b to detach the channels' listener", () => !attachedOn(b));
    expect(b.repositories.get("broadcast/channels")!.listenerCount).toBe(0);
  });
});

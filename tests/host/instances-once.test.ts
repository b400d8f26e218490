import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { eventually } from "../helpers/eventually.js";
import { createInstances, serverUrl, type Instances } from "../helpers/instances.js";
import { SECRET } from "../helpers/test-app.js";
import { SmtpPeer } from "../notification/smtp-peer.js";
import { AUTH, PASSWORD, subjectOf } from "../rbac/helpers.js";

/** Every instance looks for due work this often (and at once for work it queued itself). */
const POLL_MS = 100;
const key = { "x-rbac-secret-key": SECRET };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Three instances over one PostgreSQL database, each running the background queue
// (server/modules/notification: a mail is a notifications row, other work a jobs row, each
// claimed with FOR UPDATE SKIP LOCKED by one worker): a mail queued through any of them reaches
// a real SMTP server once, and a scheduled publish runs once, whichever instance claims it.
// Each test waits until the database has nothing left due or running, plus a few poll
// intervals, before it counts: a second claim would have been delivered by then.
// PGlite is one process: server only.
describe.skipIf(!serverUrl)("three instances running the queue: what must happen once happens once", () => {
  const smtp = new SmtpPeer();
  let instances: Instances;
  let apps: FastifyInstance[];
  const db = () => apps[0]!.database.db;

  beforeAll(async () => {
    await smtp.start();
    instances = await createInstances(
      3,
      {
        drafts: true,
        smtpUrl: smtp.url,
        mailFrom: "Shop <shop@example.com>",
        publicUrl: "https://shop.example.com",
        notifications: { ...configFromEnv({}).notifications, pollMs: POLL_MS, retryBaseMs: 200 },
      },
      // Started and made ready together, as a deployment's instances are: each worker polls from then on.
      { together: true },
    );
    apps = instances.apps;
  });
  afterAll(async () => {
    await instances?.close();
    await smtp.stop();
  });
  afterEach(() => vi.restoreAllMocks());

  /**
   * Nothing waiting or being worked on in either queue. A job queued for hours ahead (the audit
   * log's daily purge, always queued for its next day) is not waiting on anyone now.
   */
  const idle = async () => {
    const { rows } = await sql<{ busy: string }>`
      SELECT (SELECT count(*) FROM "notification_notifications" WHERE "status" IN ('new', 'sending'))
           + (SELECT count(*) FROM "notification_jobs" WHERE "status" IN ('queued', 'running')
                AND "runAt" < now() + interval '1 hour') AS "busy"`.execute(db());
    return Number(rows[0]!.busy) === 0;
  };
  /** The queues idle, and still idle a few polls later: a second claim of anything would have shown by then. */
  const settled = async () => {
    await eventually("both queues to have nothing due or running", idle);
    await sleep(3 * POLL_MS);
    expect(await idle()).toBe(true);
  };

  let counter = 0;
  const address = (base: string) => `${base}-${++counter}@example.com`;
  const register = async (app: FastifyInstance, login: string) => {
    const answer = await app.inject({
      method: "POST",
      url: `${AUTH}/email-and-password/registration`,
      payload: { login, password: PASSWORD },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return subjectOf(answer.json().data.jwt);
  };
  const call = async (
    app: FastifyInstance,
    method: "POST" | "PATCH" | "PUT",
    url: string,
    data: object,
    status: number,
  ) => {
    const answer = await app.inject({ method, url, headers: key, payload: { data } });
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json().data;
  };

  /**
   * Something that sends one mail: `prepare` makes what it needs (through A), and answers the
   * address it goes to, the subject it has, and the request that queues it through `app`.
   */
  interface Sender {
    name: string;
    prepare(): Promise<Mail>;
  }
  interface Mail {
    to: string;
    /** Its subject line. */
    subject: RegExp;
    fire(app: FastifyInstance): Promise<void>;
  }
  let notified: string | undefined;
  let subjectOfNotified: Promise<string> | undefined;
  /** A notification through POST …/notify, due at once or `delayMs` after it is queued. */
  const notification = async (delayMs?: number): Promise<Mail> => {
    // One subject gets them all (signing up costs a password hash): each has a subject line of its own.
    notified ??= address("notified");
    subjectOfNotified ??= register(apps[0]!, notified);
    const subjectId = await subjectOfNotified;
    const line = `Your parcel ${++counter}`;
    return {
      to: notified,
      subject: new RegExp(`^${line}$`),
      fire: async (app) =>
        void (await call(
          app,
          "POST",
          `/api/rbac/subjects/${subjectId}/notify`,
          {
            subject: line,
            text: "It left the warehouse.",
            sendAfter: delayMs === undefined ? undefined : new Date(Date.now() + delayMs).toISOString(),
          },
          201,
        )),
    };
  };
  const SENDERS: Sender[] = [
    {
      name: "a password reset request",
      async prepare() {
        const to = address("reset");
        await register(apps[0]!, to);
        return {
          to,
          subject: /^Reset your password$/,
          // Answered at once; the code and the mail are made after the answer, on that instance.
          fire: async (app) =>
            void (await call(app, "POST", `${AUTH}/email-and-password/forgot-password`, { email: to }, 200)),
        };
      },
    },
    { name: "a notification to a subject", prepare: () => notification() },
    {
      name: "an order's status change (a job, whose run queues the mail)",
      async prepare() {
        const to = address("buyer");
        const order = await call(apps[0]!, "POST", "/api/ecommerce/orders", { email: to }, 201);
        return {
          to,
          subject: new RegExp(`^Order ${order.id.slice(0, 8)}: `),
          fire: async (app) =>
            void (await call(app, "PATCH", `/api/ecommerce/orders/${order.id}`, { status: "paying" }, 200)),
        };
      },
    },
  ];

  /**
   * Waits for `check`. In `lockstep` the instances also drain the queues meanwhile: every few ms
   * each one not busy draining starts to, all at the same instant, as workers whose polls happen
   * to coincide do; so a claim races the others' (one busy sending, the other two still race).
   */
  const waitFor = async (what: string, check: () => Promise<boolean>, lockstep: boolean) => {
    const draining = new Map<FastifyInstance, Promise<void>>();
    await eventually(
      what,
      async () => {
        if (lockstep)
          for (const app of apps)
            if (!draining.has(app))
              draining.set(
                app,
                app.notifications.flush().finally(() => draining.delete(app)),
              );
        return check();
      },
      { everyMs: lockstep ? 2 : 20 },
    );
    // The drains under way end before the test reads the queues.
    await Promise.all(draining.values());
  };

  /**
   * Queues each mail through its instance, all at once, once the queues are idle; waits until each
   * has arrived and the queues are idle again. Answers how many times each arrived (by recipient
   * and subject), how many mails arrived in all, and the notifications made meanwhile
   * (status and attempts).
   */
  const deliver = async (queued: { mail: Mail; app: FastifyInstance }[], { lockstep = false } = {}) => {
    await eventually("both queues to be idle before", idle);
    const from = smtp.received.length;
    const { rows } = await sql<{ now: Date }>`SELECT now() AS "now"`.execute(db());
    const since = rows[0]!.now;
    await Promise.all(queued.map(({ mail, app }) => mail.fire(app)));
    const arrivals = () =>
      queued.map(
        ({ mail }) =>
          smtp.received.slice(from).filter((got) => got.to.includes(mail.to) && mail.subject.test(got.subject)).length,
      );
    await waitFor("every mail to arrive", async () => arrivals().every((n) => n > 0), lockstep);
    await settled();
    const notifications = await sql<{ status: string; attempts: number }>`
      SELECT "status", "attempts" FROM "notification_notifications" WHERE "createdAt" >= ${since}
      ORDER BY "createdAt"`.execute(db());
    return {
      arrivals: Object.fromEntries(queued.map(({ mail }, i) => [`${mail.to}: ${mail.subject.source}`, arrivals()[i]])),
      total: smtp.received.length - from,
      notifications: notifications.rows.map((n) => `${n.status}, attempt ${n.attempts}`),
    };
  };
  /** What `deliver` answers when each of `queued` arrived once, sent on its first attempt. */
  const once = (queued: { mail: Mail }[]) => ({
    arrivals: Object.fromEntries(queued.map(({ mail }) => [`${mail.to}: ${mail.subject.source}`, 1])),
    total: queued.length,
    notifications: queued.map(() => "sent, attempt 1"),
  });

  it.each(SENDERS.map((sender, i) => ({ ...sender, through: i % 3 })))(
    "$name through one instance: one mail, while all three run the queue",
    async ({ prepare, through }) => {
      const queued = [{ mail: await prepare(), app: apps[through]! }];
      expect(await deliver(queued)).toEqual(once(queued));
    },
  );

  it("mails of every kind queued through A, B and C at once: each arrives exactly once", async () => {
    // Through each instance: a reset request, an order's status change and twelve notifications,
    // more than one claim takes (ten): the workers claim while the others are claiming or sending.
    const queued = await Promise.all(
      apps.flatMap((app) =>
        SENDERS.flatMap((sender) =>
          Array.from({ length: sender === SENDERS[1] ? 12 : 1 }, async () => ({ mail: await sender.prepare(), app })),
        ),
      ),
    );
    expect(await deliver(queued)).toEqual(once(queued));
  });

  it("mails falling due together, claimed by the three at the same instant: each arrives once", async () => {
    // Two rounds of twelve, four through each instance, due 500 ms after they are queued: none is
    // taken when queued, and when they fall due the three idle workers claim at the same instant.
    for (const round of [1, 2]) {
      const queued: { mail: Mail; app: FastifyInstance }[] = [];
      for (let i = 0; i < 12; i++) queued.push({ mail: await notification(500), app: apps[i % 3]! });
      expect(await deliver(queued, { lockstep: true }), `round ${round}`).toEqual(once(queued));
    }
  });

  /** The scheduled-publishing jobs of these records, and their publish versions: one each, run once. */
  const publishRecords = async (ids: string[]) => {
    const { rows: jobs } = await sql<{ id: string; status: string; attempts: number }>`
      SELECT "payload"->>'id' AS "id", "status", "attempts" FROM "notification_jobs"
      WHERE "kind" = 'drafts.publish' AND "payload"->>'id' IN (${sql.join(ids)}) ORDER BY 1`.execute(db());
    const { rows: versions } = await sql<{ id: string; n: string }>`
      SELECT "recordId" AS "id", count(*) AS "n" FROM "host_versions"
      WHERE "kind" = 'publish' AND "recordId" IN (${sql.join(ids)}) GROUP BY 1 ORDER BY 1`.execute(db());
    return { jobs, versions: versions.map((v) => ({ id: v.id, n: Number(v.n) })) };
  };

  it.each([
    { name: "one article scheduled through B", through: [1], lockstep: false },
    {
      name: "six articles scheduled through A, B and C, falling due 20 ms apart, claimed by the three at the same instants",
      through: [0, 1, 2, 0, 1, 2],
      lockstep: true,
    },
  ])("$name: each published once, visible as published on all three", async ({ through, lockstep }) => {
    const ids: string[] = [];
    for (const [i] of through.entries())
      ids.push((await call(apps[0]!, "POST", "/api/blog/articles", { title: { en: `Scheduled ${i}` } }, 201)).id);
    const visible = (app: FastifyInstance, id: string) =>
      app.inject({ method: "GET", url: `/api/blog/articles/${id}` }).then((r) => r.statusCode === 200);
    // Working copies only, so far: no visitor sees them on any instance.
    for (const app of apps) for (const id of ids) expect(await visible(app, id)).toBe(false);
    const calls = apps.map((app) => vi.spyOn(app.drafts, "publishTree"));
    const first = Date.now() + 1_000;
    await Promise.all(
      ids.map((id, i) =>
        call(
          apps[through[i]!]!,
          "PUT",
          `/api/blog/articles/${id}/schedule`,
          { publishAt: new Date(first + 20 * i).toISOString() },
          200,
        ),
      ),
    );
    const everywhere = async () => {
      for (const app of apps) for (const id of ids) if (!(await visible(app, id))) return false;
      return true;
    };
    await waitFor("each article to be published on every instance", everywhere, lockstep);
    await settled();
    expect(calls.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(ids.length);
    const sorted = [...ids].sort();
    expect(await publishRecords(ids)).toEqual({
      jobs: sorted.map((id) => ({ id, status: "done", attempts: 1 })),
      versions: sorted.map((id) => ({ id, n: 1 })),
    });
    for (const app of apps)
      for (const [i, id] of ids.entries()) {
        const seen = await app.inject({ method: "GET", url: `/api/blog/articles/${id}` });
        expect(seen.json().data.title.en).toBe(`Scheduled ${i}`);
      }
  });
});

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv, type Config } from "../../server/config.js";
import { eventually } from "../helpers/eventually.js";
import { SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { register } from "../rbac/helpers.js";
import { SmtpPeer } from "./smtp-peer.js";

// One database that outlives the processes using it: a schema on the PostgreSQL server, or a
// PGlite data folder (one process at a time: each app is closed before the next one opens it).
const url = process.env.TEST_DATABASE_URL;
const schema = url ? `test_crash_${randomUUID().replace(/-/g, "").slice(0, 12)}` : undefined;
const pgliteDir = url ? undefined : mkdtempSync(join(tmpdir(), "crash-db-"));
const filesDir = mkdtempSync(join(tmpdir(), "crash-files-"));
const open = () => openDatabase(url ? { url, schema, poolSize: 2 } : { dataDir: pgliteDir });

/** An app on the shared database, as a test process would run one (no polling unless asked). */
async function startApp(database: Database, smtpUrl: string, pollMs = 0) {
  const defaults = configFromEnv({});
  const config: Config = {
    ...defaults,
    rbacSecretKey: SECRET,
    logLevel: "silent",
    seedDemoContent: false,
    authRateLimit: 10_000,
    smtpUrl,
    publicUrl: "https://shop.example.com",
    dataDir: filesDir,
    notifications: { ...defaults.notifications, pollMs, leaseSeconds: 1, retryBaseMs: 500 },
  };
  const app = await composeApp(config, { database, logger: false });
  const request = async (options: { method: string; url: string; payload?: unknown; key?: string | null }) => {
    const response = await app.inject({
      method: options.method as "GET",
      url: options.url,
      payload: options.payload as object,
      headers: options.key === null ? {} : { "x-rbac-secret-key": SECRET },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const notification = async (id: string) =>
    (await request({ method: "GET", url: `/api/notification/notifications/${id}` })).body.data;
  return { app, request, notification, t: { app, request } as unknown as TestApp };
}

describe(`the queue across a crash and a restart, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill("SIGKILL");
    await smtp.stop();
    if (schema) {
      const admin = await openDatabase({ url });
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
      await admin.close();
    }
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });

  it("a message queued while the mail server is down survives a restart and is delivered once", async () => {
    await smtp.start();
    const port = smtp.port;
    await smtp.stop();
    let database = await open();
    const first = await startApp(database, `smtp://127.0.0.1:${port}`);
    const ann = await register(first.t, "ann@example.com");
    const queued = (
      await first.request({
        method: "POST",
        url: `/api/rbac/subjects/${ann.subjectId}/notify`,
        payload: { data: { subject: "Across a restart", text: "Still here." } },
      })
    ).body;
    await first.app.notifications.flush();
    const waiting = await first.notification(queued.data.id);
    expect(waiting, JSON.stringify(waiting)).toMatchObject({ status: "new", attempts: 1 });
    await first.app.close();
    await database.close();

    await smtp.start(port);
    database = await open();
    const second = await startApp(database, `smtp://127.0.0.1:${port}`, 50);
    await second.app.ready();
    // Polling (every 50 ms here) finds it: nothing in this process queued it.
    await eventually(
      "the restarted app's polling to send the queued message",
      async () => (await second.notification(queued.data.id)).status === "sent",
    );
    expect(smtp.received.filter((m) => m.subject === "Across a restart")).toHaveLength(1);
    const sent = await second.notification(queued.data.id);
    expect(sent, JSON.stringify(sent)).toMatchObject({ status: "sent", attempts: 2 });
    await second.app.close();
    await database.close();
  });

  it("a crash between the send and the mark: delivered once, then shown as unconfirmed and not sent again", async () => {
    // The mail server takes the message, then kills the sender (SIGKILL) before answering it:
    // the message is out, and the sender never learns it, so it cannot mark it sent.
    smtp.onMessage = (mail) => {
      // Only the first time: a wrong queue sending it again must meet a mail server that answers.
      if (mail.subject !== "Crash after send" || !child || child.exitCode !== null || child.signalCode !== null) return;
      const dead = new Promise<void>((resolve) => child!.once("exit", () => resolve()));
      child.kill("SIGKILL");
      return dead;
    };
    let database = await open();
    const setup = await startApp(database, smtp.url);
    const bob = await register(setup.t, "bob@example.com");
    await setup.app.close();
    // Queued straight into the table, with no process running: the child's queue finds it.
    await database.db
      .insertInto("notification_notifications")
      .values({
        template: "message",
        recipient: "bob@example.com",
        data: JSON.stringify({ subject: "Crash after send", text: "Once." }),
        rbacModuleSubjectId: bob.subjectId,
      })
      .execute();
    await database.close();

    // One process (node with tsx's loader, not the tsx command, which runs the script in a child of its own).
    child = spawn(process.execPath, ["--import", "tsx", "tests/notification/crash-child.ts"], {
      env: {
        ...process.env,
        SMTP_URL: smtp.url,
        CRASH_DB_URL: url ?? "",
        CRASH_DB_SCHEMA: schema ?? "",
        CRASH_PGLITE_DIR: pgliteDir ?? "",
        CRASH_FILES_DIR: filesDir,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<void>((resolve) => child!.once("exit", () => resolve()));
    await Promise.race([
      exited,
      new Promise((_, reject) =>
        setTimeout(
          () =>
            reject(
              new Error("the child did not exit within 60 s: the mail server never got the message that kills it"),
            ),
          60_000,
        ).unref(),
      ),
    ]);
    expect(child.signalCode).toBe("SIGKILL");
    expect(smtp.received.filter((m) => m.subject === "Crash after send")).toHaveLength(1);

    database = await open();
    const after = await startApp(database, smtp.url, 50);
    await after.app.ready();
    const bobs = async () =>
      (
        await after.request({
          method: "GET",
          url: "/api/notification/notifications?filters[and][0][column]=recipient&filters[and][0][method]=eq&filters[and][0][value]=bob@example.com",
        })
      ).body.data;
    // The dead sender's lease (1 s) runs out; then the queue sets the message aside.
    await eventually("the dead sender's message to be set aside as unconfirmed", async () => {
      await after.app.notifications.flush();
      return (await bobs())[0]?.status === "unconfirmed";
    });
    // Set aside for good: another run sends nothing.
    await after.app.notifications.flush();
    const rows = await bobs();
    expect(rows).toHaveLength(1);
    expect(rows[0], JSON.stringify(rows[0])).toMatchObject({ status: "unconfirmed", attempts: 1 });
    expect(rows[0].error).toMatch(/may or may not have been delivered/);
    expect(smtp.received.filter((m) => m.subject === "Crash after send")).toHaveLength(1);
    await after.app.close();
    await database.close();
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { eventually } from "../helpers/eventually.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, register } from "../rbac/helpers.js";
import { plain, SmtpPeer, textBody } from "./smtp-peer.js";

const settings = { ...configFromEnv({}).notifications, pollMs: 0, retryBaseMs: 50, maxAttempts: 3 };

/** A subject with an email identity, optionally reading Russian. */
async function subject(t: TestApp, email: string, language?: "en" | "ru") {
  const response = await t.request({
    method: "POST",
    url: `${AUTH}/email-and-password/registration`,
    key: null,
    payload: { login: email, password: PASSWORD, ...(language ? { language } : {}) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return JSON.parse(Buffer.from(response.body.data.jwt.split(".")[1], "base64url").toString()).sub as string;
}

describe(`notifications delivered by SMTP (smtp-server on 127.0.0.1), on ${testDialect}`, () => {
  let t: TestApp;
  const smtp = new SmtpPeer();
  const notify = (subjectId: string, data: Record<string, unknown>) =>
    t.request({ method: "POST", url: `/api/rbac/subjects/${subjectId}/notify`, payload: { data } });
  const notification = async (id: string) =>
    (await t.request({ method: "GET", url: `/api/notification/notifications/${id}` })).body.data;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({
      smtpUrl: smtp.url,
      mailFrom: "Shop <shop@example.com>",
      publicUrl: "https://shop.example.com",
      notifications: settings,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it("delivers a notification: sent once, with its Message-ID, subject and body", async () => {
    const ann = await subject(t, "ann@example.com");
    const queued = await notify(ann, { subject: "Your parcel", text: "It left the warehouse today." });
    expect(queued.status, JSON.stringify(queued.body)).toBe(201);
    expect(queued.body.data).toMatchObject({
      status: "new",
      recipient: "ann@example.com",
      template: "message",
      rbacModuleSubjectId: ann,
    });
    await t.app.notifications.flush();
    const mail = smtp.received.filter((m) => m.to.includes("ann@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your parcel");
    expect(plain(mail[0]!.raw)).toContain("It left the warehouse today.");
    expect(mail[0]!.messageId).toBe(`<notification-${queued.body.data.id}@shop.example.com>`);
    expect(await notification(queued.body.data.id)).toMatchObject({
      status: "sent",
      attempts: 1,
      subject: "Your parcel",
      messageId: mail[0]!.messageId,
      error: null,
    });
  });

  it("renders a template of the subject's language with its variables; an admin's template row wins over the built-in text", async () => {
    const ivan = await subject(t, "ivan@example.com", "ru");
    const template = await t.request({
      method: "POST",
      url: "/api/notification/templates",
      payload: {
        data: {
          variant: "welcome",
          title: { en: "Welcome, {{name}}", ru: "Добро пожаловать, {{name}}" },
          description: { en: "Your code is {{code}}.", ru: "Ваш код: {{code}}.{{#extra}} {{extra}}{{/extra}}" },
        },
      },
    });
    expect(template.status).toBe(201);
    const queued = await notify(ivan, { template: "welcome", data: { name: "Иван", code: "A-17" } });
    await t.app.notifications.flush();
    const mail = smtp.received.find((m) => m.to.includes("ivan@example.com"))!;
    expect(mail.subject).toBe("Добро пожаловать, Иван");
    expect(textBody(mail.raw).trim()).toBe("Ваш код: A-17.");
    expect(await notification(queued.body.data.id)).toMatchObject({
      status: "sent",
      language: "ru",
      subject: "Добро пожаловать, Иван",
      data: { name: "Иван", code: "A-17" },
    });
    // Asked for English explicitly: the English text.
    const english = await notify(ivan, { template: "welcome", data: { name: "Ivan", code: "B-2" }, language: "en" });
    await t.app.notifications.flush();
    expect((await notification(english.body.data.id)).subject).toBe("Welcome, Ivan");
  });

  it("server down, then up: retried with backoff and delivered exactly once", async () => {
    const bob = await subject(t, "bob@example.com");
    await smtp.stop();
    const queued = await notify(bob, { subject: "Down and up", text: "Still arrives." });
    await t.app.notifications.flush();
    const failedOnce = await notification(queued.body.data.id);
    // Tried and put back (a slow machine may have tried twice within the 50 ms backoff).
    expect(failedOnce.status, JSON.stringify(failedOnce)).toBe("new");
    expect(failedOnce.attempts, JSON.stringify(failedOnce)).toBeGreaterThanOrEqual(1);
    expect(failedOnce.error, JSON.stringify(failedOnce)).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(failedOnce.nextAttemptAt)).toBeGreaterThan(Date.now() - 1000);
    await smtp.start();
    // The retry is due after its backoff: run the queue until the peer has the mail.
    const toBob = () => smtp.received.filter((m) => m.to.includes("bob@example.com"));
    await eventually("the retried mail to reach the SMTP peer", async () => {
      await t.app.notifications.flush();
      return toBob().length > 0;
    });
    const sent = await notification(queued.body.data.id);
    expect(toBob(), JSON.stringify(sent)).toHaveLength(1);
    expect(sent).toMatchObject({ status: "sent", error: null });
    expect(sent.attempts).toBeGreaterThan(failedOnce.attempts);
    // Sent is final (no retry is scheduled for a sent row), so a later run sends nothing more.
    await t.app.notifications.flush();
    expect(toBob()).toHaveLength(1);
  });

  it("a mail server that stays down: failed after NOTIFICATION_MAX_ATTEMPTS, the error kept", async () => {
    const cid = await subject(t, "cid@example.com");
    await smtp.stop();
    const queued = await notify(cid, { subject: "Never", text: "Server is gone." });
    // Each retry is due after its backoff; the queue is run until it gives up.
    await eventually(`the notification to fail after ${settings.maxAttempts} attempts`, async () => {
      await t.app.notifications.flush();
      const row = await notification(queued.body.data.id);
      return ["new", "sending"].includes(row.status) ? undefined : row;
    });
    await smtp.start();
    const row = await notification(queued.body.data.id);
    expect(row, JSON.stringify(row)).toMatchObject({ status: "failed", attempts: settings.maxAttempts });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it("a permanent refusal (550) marks it failed with the server's answer, visible in the admin's list", async () => {
    const dan = await subject(t, "refuse-dan@example.com");
    const queued = await notify(dan, { subject: "Refused", text: "Nobody home." });
    await t.app.notifications.flush();
    expect(await notification(queued.body.data.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await notification(queued.body.data.id)).error).toMatch(/550/);
    expect(smtp.received.filter((m) => m.to.includes("refuse-dan@example.com"))).toHaveLength(0);
    // The admin's table of notifications reads the generic list with a status filter.
    const failed = await t.request({
      method: "GET",
      url: "/api/notification/notifications?filters[and][0][column]=status&filters[and][0][method]=eq&filters[and][0][value]=failed",
    });
    expect(failed.body.data.map((n: { id: string }) => n.id)).toContain(queued.body.data.id);
    const models = await t.request({ method: "GET", url: "/api/admin/models" });
    const model = models.body.data.find((m: { id: string }) => m.id === "notification/notifications");
    expect(model.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(["status", "error", "attempts", "recipient", "subject"]),
    );
    expect(model.fields.map((f: { name: string }) => f.name)).not.toContain("secretData");
  });

  it("waits for sendAfter", async () => {
    const eve = await subject(t, "eve@example.com");
    // One due in a moment, one due in an hour: the first arriving shows the queue ran after the
    // moment passed, so the second still waiting is not just a queue that never looked.
    const sendAfter = Date.now() + 300;
    const soon = await notify(eve, {
      subject: "Soon",
      text: "In a moment.",
      sendAfter: new Date(sendAfter).toISOString(),
    });
    const later = await notify(eve, {
      subject: "Later",
      text: "In an hour.",
      sendAfter: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect([soon.status, later.status]).toEqual([201, 201]);
    const mail = await eventually("the mail due in a moment to reach the SMTP peer", async () => {
      await t.app.notifications.flush();
      return smtp.received.find((m) => m.to.includes("eve@example.com"));
    });
    expect(mail.subject).toBe("Soon");
    // Taken no earlier than asked (a queue ignoring sendAfter sends it at once).
    expect(mail.receivedAt, `received ${sendAfter - mail.receivedAt} ms before its sendAfter`).toBeGreaterThanOrEqual(
      sendAfter,
    );
    expect(await notification(soon.body.data.id)).toMatchObject({ status: "sent" });
    await t.app.notifications.flush();
    expect(await notification(later.body.data.id)).toMatchObject({ status: "new", attempts: 0 });
    expect(smtp.received.filter((m) => m.to.includes("eve@example.com")).map((m) => m.subject)).toEqual(["Soon"]);
  });

  it("an admin's notification made through the generic route is sent too; without a recipient it shows as failed", async () => {
    const made = await t.request({
      method: "POST",
      url: "/api/notification/notifications",
      payload: {
        data: {
          recipient: "frank@example.com",
          template: "message",
          data: { subject: "Made by hand", text: "Hello Frank" },
        },
      },
    });
    expect(made.status).toBe(201);
    await t.app.notifications.flush();
    expect(smtp.received.some((m) => m.to.includes("frank@example.com") && m.subject === "Made by hand")).toBe(true);
    const wallet = (await t.request({ method: "GET", url: `${AUTH}/init`, key: null })).body.data;
    const subjectId = JSON.parse(Buffer.from(wallet.jwt.split(".")[1], "base64url").toString()).sub;
    const nobody = await notify(subjectId, { subject: "x", text: "y" });
    expect(nobody.body.data).toMatchObject({ status: "failed", error: "no email address to send to" });
  });

  it("the password reset mail goes through the queue; its link never shows in the API", async () => {
    await register(t, "gus@example.com");
    await t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/forgot-password`,
      key: null,
      payload: { email: "gus@example.com" },
    });
    await t.app.rbac.background.settled();
    await t.app.notifications.flush();
    const mail = smtp.received.find((m) => m.to.includes("gus@example.com"))!;
    expect(plain(mail.raw)).toMatch(/reset-password\?code=[\w-]+/);
    const rows = (
      await t.request({
        method: "GET",
        url: "/api/notification/notifications?filters[and][0][column]=recipient&filters[and][0][method]=eq&filters[and][0][value]=gus@example.com",
      })
    ).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ template: "password-reset", status: "sent", subject: "Reset your password" });
    expect(JSON.stringify(rows[0])).not.toMatch(/code=/);
    // Hidden: it cannot be filtered on either.
    const probe = await t.request({
      method: "GET",
      url: "/api/notification/notifications?filters[and][0][column]=secretData&filters[and][0][method]=isNotNull",
    });
    expect(probe.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { SmtpPeer, textBody } from "../notification/smtp-peer.js";
import { AUTH, PASSWORD, as, bearer, register, signIn } from "./helpers.js";

const PUBLIC_URL = "https://shop.example.com";
const EMAIL_API = `${AUTH}/email-and-password`;
const codeIn = (text: string, page: string) => new RegExp(`${page}\\?code=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe(`an email change is confirmed from the new address and can be undone from the old, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, newDeviceMail: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const settle = async () => {
    await t.app.rbac.background.settled();
    await t.app.rbac.mailer.flush();
  };
  /** The newest mail to the address, its text/plain body decoded. */
  const mailTo = async (email: string) => {
    await settle();
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    return mail && { subject: mail.subject, text: textBody(mail.raw).replace(/\r\n/g, "\n") };
  };
  const confirm = (code: string) =>
    t.request({ method: "POST", url: `${EMAIL_API}/confirm-email`, key: null, payload: { code } });
  const undo = (code: string) =>
    t.request({ method: "POST", url: `${EMAIL_API}/undo-email-change`, key: null, payload: { code } });
  const me = (jwt: string) => t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(jwt) });

  let n = 0;
  /** A subject asks to change its email; answers the session, the identity and the answer of the ask. */
  const askChange = async (language?: "ru") => {
    const old = `old${++n}@example.com`;
    const wanted = `new${n}@example.com`;
    const session = await register(t, old);
    if (language)
      await t.request({
        method: "PATCH",
        url: `/api/rbac/subjects/${session.subjectId}`,
        payload: { data: { language } },
      });
    const identityId = (await me(session.jwt)).body.data.identities[0].id;
    const asked = await as(
      t,
      session,
    )({
      method: "PATCH",
      url: `/api/rbac/subjects/${session.subjectId}/identities/${identityId}`,
      payload: { data: { email: wanted, currentPassword: PASSWORD } },
    });
    return { old, wanted, session, identityId, asked };
  };
  const emailNow = async (jwt: string) => (await me(jwt)).body.data.identities[0].email;

  it("asking changes nothing yet: the answer keeps its shape and names the pending email, the new address gets the link", async () => {
    const { old, wanted, session, identityId, asked } = await askChange();
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ id: identityId, email: old, pendingEmail: wanted });
    expect(Date.parse(asked.body.data.pendingEmailExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(await emailNow(session.jwt)).toBe(old);
    const mail = await mailTo(wanted);
    expect(mail?.subject).toBe("Confirm your new email");
    expect(mail?.text).toContain(`${PUBLIC_URL}/rbac/subject/authentication/email-and-password/confirm-email?code=`);
    // The code is stored hashed, never as it was mailed.
    const code = codeIn(mail!.text, "confirm-email")!;
    const rows = await t.database.db
      .selectFrom("rbac_email_changes" as any)
      .selectAll()
      .execute();
    expect(JSON.stringify(rows)).not.toContain(code);
    await expect(signIn(t, wanted)).rejects.toThrow(/sign-in failed/);
  });

  it("the link within 24 h makes the change once; the old address is told, with an undo link", async () => {
    const { old, wanted, session } = await askChange();
    const code = codeIn((await mailTo(wanted))!.text, "confirm-email")!;
    const done = await confirm(code);
    expect(done).toMatchObject({ status: 200, body: { data: { email: wanted } } });
    expect(await emailNow(session.jwt)).toBe(wanted);
    await signIn(t, wanted);
    const notice = await mailTo(old);
    expect(notice?.subject).toBe("The email of your account was changed");
    expect(notice?.text).toContain(`from ${old} to ${wanted}`);
    expect(notice?.text).toContain(
      `${PUBLIC_URL}/rbac/subject/authentication/email-and-password/undo-email-change?code=`,
    );
    // Spent: the same link again is refused, and changes nothing.
    expect(await confirm(code)).toMatchObject({
      status: 400,
      body: { message: "Validation error: /code is invalid or expired" },
    });
  });

  it("an expired link, a wrong code and a newer request's voided link are refused", async () => {
    const { wanted, session, identityId } = await askChange();
    const first = codeIn((await mailTo(wanted))!.text, "confirm-email")!;
    expect((await confirm("not-a-code-we-sent")).status).toBe(400);
    // A second request voids the first link; the second link is made to expire.
    await as(
      t,
      session,
    )({
      method: "PATCH",
      url: `/api/rbac/subjects/${session.subjectId}/identities/${identityId}`,
      payload: { data: { email: `other-${wanted}`, currentPassword: PASSWORD } },
    });
    const second = codeIn((await mailTo(`other-${wanted}`))!.text, "confirm-email")!;
    expect((await confirm(first)).status).toBe(400);
    await t.database.db
      .updateTable("rbac_email_changes" as any)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000).toISOString() } as any)
      .where("email" as any, "=", `other-${wanted}`)
      .execute();
    expect((await confirm(second)).status).toBe(400);
    expect(await emailNow(session.jwt)).toMatch(/^old/);
  });

  it("undo puts the old email back, signs every device out and works once", async () => {
    const { old, wanted, session } = await askChange();
    await confirm(codeIn((await mailTo(wanted))!.text, "confirm-email")!);
    const elsewhere = await signIn(t, wanted);
    const code = codeIn((await mailTo(old))!.text, "undo-email-change")!;
    const undone = await undo(code);
    expect(undone).toMatchObject({ status: 200, body: { data: { email: old } } });
    expect((await me(session.jwt)).status).toBe(401);
    expect((await me(elsewhere.jwt)).status).toBe(401);
    const refreshed = await t.request({
      method: "POST",
      url: `${AUTH}/refresh`,
      key: null,
      payload: { refresh: elsewhere.refresh },
    });
    expect(refreshed.status).toBe(401);
    await signIn(t, old);
    await expect(signIn(t, wanted)).rejects.toThrow(/sign-in failed/);
    expect((await undo(code)).status).toBe(400);

    // Each step is in the audit log: asked by the subject, confirmed and undone from the links
    // (no session), the codes' hashes masked; the identity's email moving there and back.
    type Entry = { recordId: string; action: string; via: string; changes: Record<string, unknown[]> };
    const audit = async (query: string): Promise<Entry[]> =>
      (await t.request({ method: "GET", url: `/api/admin/audit?limit=500&${query}` })).body.data;
    const asked = (await audit("model=rbac/email-changes&action=create")).find((e) => e.changes.email?.[1] === wanted)!;
    expect(asked).toMatchObject({
      subjectId: session.subjectId,
      via: "session",
      changes: { email: [null, wanted], previousEmail: [null, old], confirmHash: [null, "[hidden]"] },
    });
    const steps = (await audit(`record=${asked.recordId}`)).map((e) => [
      e.action,
      e.via,
      Object.keys(e.changes).sort(),
    ]);
    expect(steps).toEqual([
      ["update", "anonymous", ["undoneAt"]],
      ["update", "anonymous", ["confirmedAt", "undoExpiresAt", "undoHash"]],
      ["create", "session", expect.arrayContaining(["email", "confirmHash", "confirmExpiresAt"])],
    ]);
    const identityId = asked.changes.identityId![1];
    const emails = (await audit(`model=rbac/identities&record=${identityId}`)).map((e) => e.changes.email);
    expect(emails.slice(0, 2)).toEqual([
      [wanted, old],
      [old, wanted],
    ]);
  });

  it("an undo link older than 7 days is refused", async () => {
    const { old, wanted } = await askChange();
    await confirm(codeIn((await mailTo(wanted))!.text, "confirm-email")!);
    const code = codeIn((await mailTo(old))!.text, "undo-email-change")!;
    await t.database.db
      .updateTable("rbac_email_changes" as any)
      .set({ undoExpiresAt: new Date(Date.now() - 1000).toISOString() } as any)
      .where("email" as any, "=", wanted)
      .execute();
    expect((await undo(code)).status).toBe(400);
    await signIn(t, wanted);
  });

  it("mails in the subject's language (ru)", async () => {
    const { old, wanted } = await askChange("ru");
    const mail = (await mailTo(wanted))!;
    expect(mail.subject).toBe("Подтвердите новый адрес почты");
    expect(mail.text).toContain(`${PUBLIC_URL}/ru/rbac/subject/authentication/email-and-password/confirm-email?code=`);
    await confirm(codeIn(mail.text, "confirm-email")!);
    const notice = (await mailTo(old))!;
    expect(notice.subject).toBe("Адрес почты вашей учётной записи изменён");
    expect(notice.text).toContain("/ru/rbac/subject/authentication/email-and-password/undo-email-change?code=");
  });

  it("an address another account has is refused when asked, as before (409)", async () => {
    await register(t, "taken@example.com");
    const session = await register(t, "wants-taken@example.com");
    const identityId = (await me(session.jwt)).body.data.identities[0].id;
    const asked = await as(
      t,
      session,
    )({
      method: "PATCH",
      url: `/api/rbac/subjects/${session.subjectId}/identities/${identityId}`,
      payload: { data: { email: "taken@example.com", currentPassword: PASSWORD } },
    });
    expect(asked).toMatchObject({ status: 409, body: { message: "Conflict error: /email is already taken" } });
  });

  it.each([
    ["no body", {}, "Validation error: No data"],
    ["an empty code", { code: "" }, "Validation error: /code must NOT have fewer than 1 characters"],
    ["a code of another type", { code: 42 }, "Validation error: /code must be string"],
  ])("refuses %s", async (_, payload, message) => {
    const response = await t.request({ method: "POST", url: `${EMAIL_API}/confirm-email`, key: null, payload });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

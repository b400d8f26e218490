import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, lastMail, register, resetCodeIn, signIn } from "./helpers.js";

const forgot = (t: TestApp, email: string) =>
  t.request({ method: "POST", url: `${AUTH}/email-and-password/forgot-password`, key: null, payload: { email } });
const reset = (t: TestApp, payload: unknown) =>
  t.request({ method: "POST", url: `${AUTH}/email-and-password/reset-password`, key: null, payload: payload as any });

describe("forgot and reset password, mail kept in the outbox (no SMTP_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: "https://shop.example.com" });
    await register(t, "ann@example.com");
  });
  afterAll(() => t.close());

  test("the answer is the same whether or not the email has an account", async () => {
    const known = await forgot(t, "ann@example.com");
    const unknown = await forgot(t, "nobody@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await lastMail(t, "nobody@example.com")).toBeUndefined();
  });

  test("the code from the mail resets the password once; old sessions and the old password stop working", async () => {
    const before = await signIn(t, "ann@example.com");
    await forgot(t, "Ann@Example.com");
    const mail = await lastMail(t, "ann@example.com");
    expect(mail).toMatchObject({ subject: "Reset your password", transport: "outbox", status: "kept" });
    expect(mail!.text).toContain(
      "https://shop.example.com/rbac/subject/authentication/email-and-password/reset-password?code=",
    );
    const code = resetCodeIn(mail!.text)!;

    const done = await reset(t, { password: "a new password", passwordConfirmation: "a new password", code });
    expect(done).toMatchObject({ status: 200, body: { data: { message: "Password reset successfully" } } });
    expect(
      (await t.request({ method: "POST", url: `${AUTH}/refresh`, key: null, payload: { refresh: before.refresh } }))
        .status,
    ).toBe(401);
    await expect(signIn(t, "ann@example.com", PASSWORD)).rejects.toThrow(/sign-in failed/);
    await signIn(t, "ann@example.com", "a new password");

    const again = await reset(t, { password: "third password", passwordConfirmation: "third password", code });
    expect(again).toMatchObject({ status: 400, body: { message: "Validation error: /code is invalid or expired" } });
  });

  test("the code is stored hashed, and an expired code is refused", async () => {
    await forgot(t, "ann@example.com");
    const code = resetCodeIn((await lastMail(t, "ann@example.com"))!.text)!;
    const row = await t.database.db
      .selectFrom("rbac_identities")
      .select("code")
      .where("email", "=", "ann@example.com")
      .executeTakeFirstOrThrow();
    expect(row.code).not.toBe(code);
    await t.database.db
      .updateTable("rbac_identities")
      .set({ codeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "ann@example.com")
      .execute();
    expect((await reset(t, { password: PASSWORD, passwordConfirmation: PASSWORD, code })).status).toBe(400);
  });

  test.each([
    ["a bad email", "forgot", { email: "nope" }, "Validation error: /email must be a valid email"],
    ["no data", "forgot", undefined, "Validation error: No data"],
    [
      "different passwords",
      "reset",
      { password: PASSWORD, passwordConfirmation: `${PASSWORD}!`, code: "x" },
      "Validation error: /passwordConfirmation must equal password",
    ],
    [
      "a short password",
      "reset",
      { password: "short", passwordConfirmation: "short", code: "x" },
      "Validation error: /password must be 8 to 256 characters, /passwordConfirmation must be 8 to 256 characters",
    ],
    ["no code", "reset", { password: PASSWORD, passwordConfirmation: PASSWORD }, "Validation error: code is required"],
    [
      "an unknown code",
      "reset",
      { password: PASSWORD, passwordConfirmation: PASSWORD, code: "unknown" },
      "Validation error: /code is invalid or expired",
    ],
  ])("refuses %s", async (_, route, payload, message) => {
    const response =
      route === "forgot"
        ? await t.request({
            method: "POST",
            url: `${AUTH}/email-and-password/forgot-password`,
            key: null,
            payload: payload as any,
          })
        : await reset(t, payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

describe("with SMTP_URL, mail goes through a real SMTP server", () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk) => (raw += chunk));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as { port: number }).port;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Shop <shop@example.com>" });
    await register(t, "smtp@example.com");
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test("the reset mail is delivered by SMTP, and the outbox keeps only that it was sent", async () => {
    await forgot(t, "smtp@example.com");
    await t.app.rbac.background.settled();
    await t.app.rbac.mailer.flush();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["smtp@example.com"]);
    expect(received[0]!.raw).toMatch(/From: Shop <shop@example.com>/);
    const code = resetCodeIn(received[0]!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))!;
    expect(code).toBeTruthy();
    const record = await lastMail(t, "smtp@example.com");
    expect(record).toMatchObject({ transport: "smtp", status: "sent" });
    expect(record!.text).not.toContain(code);
    expect((await reset(t, { password: "via smtp code", passwordConfirmation: "via smtp code", code })).status).toBe(
      200,
    );
    await signIn(t, "smtp@example.com", "via smtp code");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/config.js";
import { configFromEnv } from "../../server/config.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { SmtpPeer, textBody } from "../notification/smtp-peer.js";
import { AUTH, PASSWORD, bearer, register } from "./helpers.js";

const PUBLIC_URL = "https://shop.example.com";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe(`the account's notices: password changed, a new device signed in, on ${testDialect}`, () => {
  const smtp = new SmtpPeer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  const appWith = (overrides: Partial<Config> = {}) =>
    createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, ...overrides });
  const mailsTo = async (t: TestApp, email: string) => {
    await t.app.rbac.background.settled();
    await t.app.rbac.mailer.flush();
    return smtp.received
      .filter((m) => m.to.includes(email))
      .map((m) => ({ subject: m.subject, text: textBody(m.raw).replace(/\r\n/g, "\n") }));
  };
  const signInFrom = (t: TestApp, login: string, userAgent: string, address = "127.0.0.1") =>
    t.request({
      method: "POST",
      url: `${AUTH}/email-and-password/authentication`,
      key: null,
      headers: { "user-agent": userAgent, "x-forwarded-for": address },
      payload: { login, password: PASSWORD },
    });

  describe("with the defaults", () => {
    let t: TestApp;
    beforeAll(async () => void (t = await appWith({ trustProxy: true })));
    afterAll(() => t.close());

    it("a password change mails the account's address, in its language", async () => {
      const session = await register(t, "pw@example.com");
      const changed = await t.request({
        method: "PATCH",
        url: `/api/rbac/subjects/${session.subjectId}/change-password`,
        key: null,
        headers: bearer(session.jwt),
        payload: { password: PASSWORD, newPassword: "another good password" },
      });
      expect(changed.status).toBe(200);
      const [mail] = await mailsTo(t, "pw@example.com");
      expect(mail?.subject).toBe("Your password was changed");
      expect(mail?.text).toContain(`${PUBLIC_URL}/rbac/subject/authentication/email-and-password/forgot-password`);

      const ru = await register(t, "pw-ru@example.com");
      await t.request({
        method: "PATCH",
        url: `/api/rbac/subjects/${ru.subjectId}`,
        payload: { data: { language: "ru" } },
      });
      await t.request({
        method: "PATCH",
        url: `/api/rbac/subjects/${ru.subjectId}/change-password`,
        key: null,
        headers: bearer(ru.jwt),
        payload: { password: PASSWORD, newPassword: "another good password" },
      });
      const [russian] = await mailsTo(t, "pw-ru@example.com");
      expect(russian?.subject).toBe("Ваш пароль изменён");
      expect(russian?.text).toContain(
        `${PUBLIC_URL}/ru/rbac/subject/authentication/email-and-password/forgot-password`,
      );
    });

    it("a sign-in from a new browser or address mails a notice; the same device again does not", async () => {
      await register(t, "dev@example.com");
      // The browser and address of the registration: nothing new.
      expect((await signInFrom(t, "dev@example.com", "lightMyRequest")).status).toBe(200);
      expect(await mailsTo(t, "dev@example.com")).toHaveLength(0);

      expect((await signInFrom(t, "dev@example.com", FIREFOX_WINDOWS, "203.0.113.7")).status).toBe(200);
      const mails = await mailsTo(t, "dev@example.com");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("New sign-in to your account");
      expect(mails[0]!.text).toContain("Firefox on Windows, address 203.0.113.7");
      expect(mails[0]!.text).toContain(`${PUBLIC_URL}/rbac/subjects/settings`);

      await signInFrom(t, "dev@example.com", FIREFOX_WINDOWS, "203.0.113.7");
      expect(await mailsTo(t, "dev@example.com")).toHaveLength(1);
      // The same browser from another address is another device.
      await signInFrom(t, "dev@example.com", FIREFOX_WINDOWS, "198.51.100.2");
      expect(await mailsTo(t, "dev@example.com")).toHaveLength(2);
    });
  });

  describe("NEW_DEVICE_MAIL=false", () => {
    let t: TestApp;
    beforeAll(async () => void (t = await appWith({ trustProxy: true, newDeviceMail: false })));
    afterAll(() => t.close());

    it("reads the setting", () => {
      expect(configFromEnv({}).newDeviceMail).toBe(true);
      expect(configFromEnv({ NEW_DEVICE_MAIL: "false" }).newDeviceMail).toBe(false);
    });

    it("mails no notice for a new device", async () => {
      await register(t, "quiet@example.com");
      expect((await signInFrom(t, "quiet@example.com", FIREFOX_WINDOWS, "203.0.113.9")).status).toBe(200);
      expect(await mailsTo(t, "quiet@example.com")).toHaveLength(0);
    });
  });
});

import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../../engine/schema/languages.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import type { BackgroundWork } from "../../../background-work.js";
import type { Notifications } from "../../notification/index.js";
import type { Device } from "../devices/device.js";
import { userAgentWords } from "../devices/user-agent-words.js";
import type { SubjectRecords } from "./subject-records.js";

/** The site pages the account mails link to (the original client's routes, seeded in server/seed/content/urls.ts). */
export const ACCOUNT_PAGES = {
  confirmEmail: "/rbac/subject/authentication/email-and-password/confirm-email",
  undoEmailChange: "/rbac/subject/authentication/email-and-password/undo-email-change",
  forgotPassword: "/rbac/subject/authentication/email-and-password/forgot-password",
  settings: "/rbac/subjects/settings",
};

/** The subject's language while the site still has it, else the site's default language. */
export async function languageOfSubject(db: ModelQueries, subjectId: string): Promise<Language> {
  const row = await db.selectFrom("rbac/subjects").select("language").where("id", "=", subjectId).executeTakeFirst();
  return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
}

/**
 * The mails that tell a subject what happened to its account: an email change to confirm or
 * undo, a password change, a sign-in from a new device, two-factor sign-in reset by an administrator. Each is queued (the notification queue
 * sends it, a request never waits for the mail server), in the subject's language; links are
 * hidden variables, shown in the mail only.
 */
export class AccountNotices {
  constructor(
    private readonly db: ModelQueries,
    private readonly subjects: SubjectRecords,
    private readonly notifications: Notifications,
    private readonly background: BackgroundWork,
    private readonly publicUrl: string,
  ) {}

  /** An absolute link to a site page in the language, with its query. */
  link(page: string, language: Language, query = "") {
    return `${this.publicUrl}${withLanguage(page, language)}${query}`;
  }

  async emailChangeToConfirm(subjectId: string, email: string, code: string) {
    const language = await languageOfSubject(this.db, subjectId);
    const link = this.link(ACCOUNT_PAGES.confirmEmail, language, `?code=${code}`);
    await this.send("email-change-confirm", subjectId, email, language, { email }, { link });
  }

  async emailChanged(subjectId: string, previousEmail: string, email: string, code: string) {
    const language = await languageOfSubject(this.db, subjectId);
    const link = this.link(ACCOUNT_PAGES.undoEmailChange, language, `?code=${code}`);
    await this.send("email-changed", subjectId, previousEmail, language, { previousEmail, email }, { link });
  }

  /** After the answer: the look-up and the queueing add nothing to the password change's time. */
  passwordChanged(subjectId: string) {
    this.background.run("password change notice", async () => {
      const email = await this.subjects.emailOf(subjectId);
      if (!email) return;
      const language = await languageOfSubject(this.db, subjectId);
      const resetUrl = this.link(ACCOUNT_PAGES.forgotPassword, language);
      await this.send("password-changed", subjectId, email, language, { resetUrl });
    });
  }

  /** An administrator turned the subject's two-factor sign-in off (after the answer, as the password notice). */
  twoFactorReset(subjectId: string) {
    this.background.run("two-factor reset notice", async () => {
      const email = await this.subjects.emailOf(subjectId);
      if (!email) return;
      const language = await languageOfSubject(this.db, subjectId);
      await this.send("two-factor-reset", subjectId, email, language, {
        settingsUrl: this.link(ACCOUNT_PAGES.settings, language),
      });
    });
  }

  newDevice(subjectId: string, device: Device, at: Date) {
    this.background.run("new device notice", async () => {
      const email = await this.subjects.emailOf(subjectId);
      if (!email) return;
      const language = await languageOfSubject(this.db, subjectId);
      const data = {
        device: userAgentWords(device.userAgent).words,
        address: device.address ?? "?",
        time: at.toISOString().slice(0, 16).replace("T", " "),
        settingsUrl: this.link(ACCOUNT_PAGES.settings, language),
      };
      await this.send("new-device-sign-in", subjectId, email, language, data);
    });
  }

  private async send(
    template: string,
    subjectId: string,
    recipient: string,
    language: Language,
    data: Record<string, unknown>,
    secretData?: Record<string, unknown>,
  ) {
    await this.notifications.enqueue({ template, recipient, language, data, secretData, subjectId });
  }
}

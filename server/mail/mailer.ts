import nodemailer, { type Transporter } from "nodemailer";
import type { Repository } from "../../engine/query/repository.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID to send with (`<notification-…@host>`), so a duplicate, should one ever happen, is recognisable. */
  messageId?: string;
}

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** How a delivery went wrong: `permanent` when the mail server refused the message for good (a 5xx reply). */
export class MailFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * The mail transport the notification queue sends through: SMTP (the SMTP_URL setting, e.g.
 * smtp://user:pass@host:587) by nodemailer, or, without SMTP_URL, the outbox table and the log,
 * so the embedded default (and tests) can read what would have gone out. Each delivery leaves a
 * notification/outbox-messages row; with SMTP its body is not kept (it may hold a reset link).
 */
export class Mailer {
  private readonly transport?: Transporter;

  constructor(
    private readonly outbox: Repository,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: Log,
  ) {
    // Bounded waits: a hung server is a temporary failure, retried, not a stuck sender.
    if (smtpUrl)
      this.transport = nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } as object);
  }

  /**
   * Sends one message; resolves once the SMTP server accepted it, with the Message-ID it went with,
   * or once it is kept in the outbox, with no Message-ID (`null`): no mail server has it, and the
   * notification says so (server/modules/notification/mail-state.ts).
   */
  async deliver(message: MailMessage): Promise<{ messageId: string | null }> {
    if (!this.transport) {
      await this.outbox.create({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        transport: "outbox",
        status: "kept",
      });
      this.log.info({ mail: message }, `mail kept in the outbox (no SMTP_URL): ${message.subject} → ${message.to}`);
      return { messageId: null };
    }
    try {
      const info = await this.transport.sendMail({ from: this.from, ...message });
      await this.outbox.create({
        to: message.to,
        subject: message.subject,
        text: "(sent by SMTP; body not kept)",
        transport: "smtp",
        status: "sent",
      });
      return { messageId: String(info.messageId ?? message.messageId ?? "") };
    } catch (error) {
      const { responseCode, code, message: text } = error as { responseCode?: number; code?: string; message?: string };
      // A 5xx reply refuses this message for good; a failed login (EAUTH) is our settings, fixed later.
      const permanent = typeof responseCode === "number" && responseCode >= 500 && code !== "EAUTH";
      this.log.warn(
        { to: message.to, code, responseCode },
        `mail delivery failed${permanent ? " for good" : ", will retry"}`,
      );
      throw new MailFailure(String(text ?? error).slice(0, 1000), permanent);
    }
  }

  close() {
    this.transport?.close();
  }
}

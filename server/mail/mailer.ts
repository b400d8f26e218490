import nodemailer, { type Transporter } from "nodemailer";
import type { Repository } from "../../engine/query/repository.js";
import { BackgroundWork } from "../background-work.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Sends email through SMTP (the SMTP_URL setting, e.g. smtp://user:pass@host:587) and records
 * each message in notification/outbox-messages. Without SMTP_URL the message is kept in the outbox
 * with its body and written to the log, so the embedded default (and tests) can read it.
 * Delivery runs after the caller's answer: a slow mail server never holds a request, and a
 * request's timing does not say whether a mail went out.
 */
export class Mailer {
  private readonly transport?: Transporter;
  private readonly deliveries: BackgroundWork;

  constructor(
    private readonly outbox: Repository,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: Log,
  ) {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
    this.deliveries = new BackgroundWork(log);
  }

  get usesSmtp(): boolean {
    return this.transport !== undefined;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transport) {
      await this.outbox.create({ ...message, transport: "outbox", status: "kept" });
      this.log.info({ mail: message }, `mail kept in the outbox (no SMTP_URL): ${message.subject} → ${message.to}`);
      return;
    }
    // The body may hold a secret (a reset code): with SMTP it goes to the mail server only.
    const record = await this.outbox.create({ to: message.to, subject: message.subject, text: "(sent by SMTP; body not kept)", transport: "smtp", status: "pending" });
    this.deliveries.run("mail delivery", () => this.deliver(record.id as string, message));
  }

  /** Waits for deliveries under way (tests, shutdown). */
  flush(): Promise<void> {
    return this.deliveries.settled();
  }

  close() {
    this.transport?.close();
  }

  private async deliver(id: string, message: MailMessage) {
    try {
      await this.transport!.sendMail({ from: this.from, ...message });
      await this.outbox.update(id, { status: "sent" });
    } catch (error) {
      this.log.error({ err: error, to: message.to }, "mail delivery failed");
      await this.outbox.update(id, { status: "failed", error: String((error as Error).message ?? error).slice(0, 1000) }).catch(() => {});
    }
  }
}

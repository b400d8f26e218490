import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { FastifyBaseLogger } from "fastify";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import type { NotificationSettings } from "../../config.js";
import { MailFailure, type Mailer } from "../../mail/mailer.js";
import { backoffMs, later, LeasedQueue } from "./leased-queue.js";
import type { Templates } from "./templates.js";

/** A notifications row as the queue claims it: the record plus its hidden column (the queue reads the whole row). */
type QueuedNotification = StoredRecord<"notification/notifications"> & { secretData: Record<string, unknown> | null };

/** Said of a message found in `sending` after its sender's lease ran out. */
export const UNCONFIRMED =
  "the server stopped while sending this message: it may or may not have been delivered, so it is not sent again by itself (set the status to new to send it)";

/**
 * Delivers notifications by email, from the notifications table itself used as the queue:
 *
 * - a due `new` notification is claimed (`sending`, with a lease) and that is committed BEFORE the
 *   mail server is spoken to; then it is sent and marked `sent` (with the Message-ID);
 * - a temporary failure (no connection, a timeout, a 4xx reply) puts it back to `new` with
 *   `nextAttemptAt` growing (backoff), until NOTIFICATION_MAX_ATTEMPTS: a mail server that is
 *   down never loses a message, it is delivered when the server is back;
 * - a permanent refusal (a 5xx reply) marks it `failed`, with the server's words in `error`;
 * - a crash between the send and the mark leaves it `sending`; when its lease runs out it becomes
 *   `unconfirmed` and is NOT sent again by itself. SMTP cannot say whether a message whose
 *   connection died was delivered, so we choose at most once: a possible duplicate is worse
 *   for an order mail than one that an admin can see and resend.
 */
export class NotificationDelivery {
  private readonly queue: LeasedQueue<QueuedNotification>;
  private readonly host: string;

  constructor(
    db: ModelQueries,
    private readonly mailer: Mailer,
    private readonly templates: Templates,
    private readonly settings: NotificationSettings,
    publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.queue = new LeasedQueue(
      db,
      {
        table: "notification/notifications",
        waiting: "new",
        working: "sending",
        notBefore: ["sendAfter", "nextAttemptAt"],
      },
      settings.leaseSeconds,
    );
    this.host = /^https?:\/\/([^/:]+)/.exec(publicUrl)?.[1] ?? "localhost";
  }

  /** One round: stopped senders' messages set aside, then up to 10 due messages sent. */
  async run(): Promise<number> {
    const lost = this.queue.sweepDue() ? await this.queue.expired({ status: "unconfirmed", error: UNCONFIRMED }) : [];
    for (const row of lost)
      this.log.warn(
        { notification: row.id, to: row.recipient },
        "notification left unconfirmed: its sender stopped while sending",
      );
    const claimed = await this.queue.claim(10);
    for (const row of claimed) await this.send(row);
    return claimed.length + lost.length;
  }

  private async send(row: QueuedNotification) {
    let message: Awaited<ReturnType<typeof this.templates.render>> | undefined;
    try {
      if (!row.recipient) throw new MailFailure("the notification has no recipient", true);
      const variables = { ...row.data, ...row.secretData };
      message = await this.templates.render(
        row.template ?? "message",
        row.language ?? DEFAULT_LANGUAGE,
        variables,
        row.subject,
      );
    } catch (error) {
      return this.fail(
        row,
        error instanceof MailFailure ? error.message : `cannot render: ${(error as Error).message}`,
      );
    }
    try {
      const { messageId } = await this.mailer.deliver({
        to: row.recipient,
        ...message,
        messageId: `<notification-${row.id}@${this.host}>`,
      });
      await this.queue.settle(row.id, {
        status: "sent",
        sentAt: new Date().toISOString(),
        subject: message.subject,
        messageId,
        error: null,
        secretData: null,
      });
    } catch (error) {
      const failure =
        error instanceof MailFailure ? error : new MailFailure(String((error as Error).message ?? error), false);
      if (failure.permanent || row.attempts >= this.settings.maxAttempts)
        return this.fail(row, failure.message, message.subject);
      await this.queue.settle(row.id, {
        status: "new",
        subject: message.subject,
        error: failure.message,
        nextAttemptAt: later(backoffMs(row.attempts, this.settings.retryBaseMs)),
      });
    }
  }

  private async fail(row: QueuedNotification, error: string, subject?: string) {
    this.log.warn({ notification: row.id, to: row.recipient, error }, "notification failed");
    await this.queue.settle(row.id, {
      status: "failed",
      error: error.slice(0, 1000),
      secretData: null,
      ...(subject ? { subject } : {}),
    });
  }
}

/**
 * What became of one mail, as a reader outside the queue should say it (the order desk's timeline):
 *
 * - `queued` — waiting in the notifications table for the worker (`new`, maybe retried later);
 * - `sending` — claimed by a worker, the mail server not yet done;
 * - `sent` — a mail server accepted it (the notification has the Message-ID it was sent with);
 * - `kept` — written to the outbox table instead, because no mail server is set (SMTP_URL unset,
 *   server/mail/mailer.ts): the queue counts it done (`sent`), but no mail left the server;
 * - `failed`, `unconfirmed`, `canceled` — as the notification's status says (notifications.json).
 */
export type MailState = "queued" | "sending" | "sent" | "kept" | "failed" | "unconfirmed" | "canceled";

export function mailState(row: { status: string; messageId?: string | null }): MailState {
  if (row.status === "new") return "queued";
  // The mailer answers no Message-ID for a mail it only kept in the outbox: nothing was sent.
  if (row.status === "sent") return row.messageId ? "sent" : "kept";
  return row.status as MailState;
}

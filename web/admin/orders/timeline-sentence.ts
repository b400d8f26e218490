import type { OrdersTexts } from "./orders-texts.js";
import { money, type DeskOrder, type TimelineEntry } from "./use-desk.js";

/**
 * A timeline entry of the order page as a sentence in the admin's language. A mail's status is its
 * state as the server reads it (server/modules/notification/mail-state.ts): queued, sent to a mail
 * server, or only kept in the outbox — each named in its own words, not the invoice's.
 */
export function timelineSentence(entry: TimelineEntry, order: Pick<DeskOrder, "currency">, t: OrdersTexts): string {
  const s = (key: string) => String(entry[key] ?? "");
  const status = (value: string) => (value ? (t.statuses[value] ?? value) : "");
  const word = (key: string) => t.words[s(key)] ?? s(key);
  switch (entry.kind) {
    case "created":
      return t.events.created;
    case "status":
      return t.events.status(status(s("from")), status(s("to")));
    case "invoice":
      return t.events.invoice(s("provider"), money(s("amount"), order), word("status"));
    case "webhook":
      return t.events.webhook(s("provider"), word("event"));
    case "refund":
      return t.events.refund(money(s("amount"), order), word("status"));
    case "mail":
      return t.events.mail(s("recipient"), s("subject"), t.mailStates[s("status")] ?? s("status"));
    default:
      return entry.kind;
  }
}

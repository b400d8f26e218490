import { describe, expect, it } from "vitest";
import { ordersTexts } from "../../web/admin/orders/orders-texts.js";
import { timelineSentence } from "../../web/admin/orders/timeline-sentence.js";
import type { MailState } from "../../server/modules/notification/index.js";

// The order page's line for a mail about the order, in each state the server reads
// (server/modules/notification/mail-state.ts): "queued" while it waits, "sent" only once a mail
// server took it, and a mail only kept in the outbox never called sent. In English and Russian.
const order = { currency: { code: "USD", symbol: "$", decimals: 2 } };
const mail = (status: MailState) => ({
  at: "2026-01-01T00:00:00.000Z",
  kind: "mail",
  recipient: "ann@example.com",
  subject: "Order 1a2b3c4d",
  status,
});

const cases: [MailState, string, string][] = [
  [
    "queued",
    "Mail to ann@example.com: “Order 1a2b3c4d” (queued)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (в очереди)",
  ],
  [
    "sending",
    "Mail to ann@example.com: “Order 1a2b3c4d” (sending)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (отправляется)",
  ],
  [
    "sent",
    "Mail to ann@example.com: “Order 1a2b3c4d” (sent)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (отправлено)",
  ],
  [
    "kept",
    "Mail to ann@example.com: “Order 1a2b3c4d” (kept in the outbox, not sent: no mail server is set)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (лежит в исходящих, не отправлено: почтовый сервер не задан)",
  ],
  [
    "failed",
    "Mail to ann@example.com: “Order 1a2b3c4d” (not delivered)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (не доставлено)",
  ],
  [
    "unconfirmed",
    "Mail to ann@example.com: “Order 1a2b3c4d” (unconfirmed)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (не подтверждено)",
  ],
  [
    "canceled",
    "Mail to ann@example.com: “Order 1a2b3c4d” (canceled)",
    "Письмо на ann@example.com: «Order 1a2b3c4d» (отменено)",
  ],
];

describe("a mail on the order page's timeline", () => {
  it.each(cases)("%s: in English and Russian", (state, english, russian) => {
    expect(timelineSentence(mail(state), order, ordersTexts("en"))).toBe(english);
    expect(timelineSentence(mail(state), order, ordersTexts("ru"))).toBe(russian);
  });

  it("an invoice still says open for its own new state (the mails' words are their own)", () => {
    const invoice = { at: "", kind: "invoice", provider: "dummy", amount: "19.99", status: "new" };
    expect(timelineSentence(invoice, order, ordersTexts("en"))).toBe("Invoice with dummy: 19.99 USD (open)");
    expect(timelineSentence(invoice, order, ordersTexts("ru"))).toBe("Счёт в dummy: 19.99 USD (открыт)");
  });
});

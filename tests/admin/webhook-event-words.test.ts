import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_PATTERN } from "../../common/admin/webhook-events.js";
import { pollDelay } from "../../web/admin/webhooks/delivery-polling.js";
import { eventTexts } from "../../web/admin/webhooks/event-texts.js";
import { checkPattern, eventCatalogue, eventSummary, eventWords } from "../../web/admin/webhooks/event-words.js";
import type { Delivery } from "../../web/admin/webhooks/webhooks-api.js";

// The webhooks screen names events in words and checks a typed pattern before it is sent, with
// the server's own matching rules (common/admin/webhook-events.ts).
const TYPES = [
  "blog.articles.created",
  "blog.articles.updated",
  "blog.articles.deleted",
  "blog.articles.published",
  "blog.articles.unpublished",
  "ecommerce.orders.created",
  "ecommerce.orders.updated",
  "ecommerce.orders.deleted",
  "ecommerce.order.paid",
  "crm.request.created",
];
const KINDS: Record<string, string> = { "blog/articles": "Article", "ecommerce/orders": "Order" };
const catalogue = eventCatalogue(TYPES, (id) => KINDS[id]);
const en = eventTexts("en");
const ru = eventTexts("ru-RU");

describe("webhook events in the admin's words", () => {
  it("splits the server's list into events by name and each model's record changes", () => {
    expect(catalogue.named).toEqual(["ecommerce.order.paid", "crm.request.created"]);
    expect(catalogue.models).toEqual([
      { key: "blog.articles", name: "Article", actions: ["created", "updated", "deleted", "published", "unpublished"] },
      { key: "ecommerce.orders", name: "Order", actions: ["created", "updated", "deleted"] },
    ]);
  });

  it.each([
    ["*.*.*", "Every event", "Все события"],
    ["ecommerce.order.paid", "Order paid", "Заказ оплачен"],
    ["webhook.test", "Test event", "Тестовое событие"],
    ["blog.articles.updated", "Article: changed", "Article: изменение"],
    ["ecommerce.orders.*", "Order: any change", "Order: любое изменение"],
  ])("%s reads %s / %s", (pattern, english, russian) => {
    expect(eventWords(pattern, catalogue, en)).toBe(english);
    expect(eventWords(pattern, catalogue, ru)).toBe(russian);
  });

  it("a pattern without words is shown by its code and how many events it takes", () => {
    expect(eventWords("*.*.created", catalogue, en)).toBeUndefined();
    expect(eventSummary("*.*.created", catalogue, en)).toBe("*.*.created (3 events)");
    expect(eventSummary("ecommerce.*.*", catalogue, ru)).toBe("ecommerce.*.* (4 события)");
  });

  it("checks a typed pattern: its shape, that it is new, that some event matches it", () => {
    expect(checkPattern("", catalogue, [], en)).toEqual({});
    expect(checkPattern("Blog.articles", catalogue, [], en)).toEqual({ error: en.patternInvalid });
    expect(checkPattern("blog.articles.*", catalogue, ["blog.articles.*"], en)).toEqual({ error: en.alreadyChosen });
    expect(checkPattern("blog.pages.*", catalogue, [], en)).toEqual({ error: en.patternUnknown });
    // Two parts: the test event is sent on request, never subscribed to.
    expect(checkPattern("webhook.test", catalogue, [], en)).toEqual({ error: en.patternInvalid });
    expect(checkPattern(" *.*.created ", catalogue, [], en)).toEqual({ matching: 3 });
  });

  it("uses the pattern the schema checks events against", () => {
    const schema = JSON.parse(readFileSync("schemas/admin/webhooks.json", "utf8"));
    expect(EVENT_PATTERN.source).toBe(schema.properties.events.items.pattern);
  });
});

describe("the delivery log reads itself again while a delivery is pending", () => {
  const row = (state: Delivery["state"], nextAttemptAt: string | null = null) => ({ state, nextAttemptAt }) as Delivery;
  const now = Date.parse("2026-11-30T12:00:00Z");

  it("not at all when nothing is pending; soon for a queued one; at a retry's time, within 1 to 15 s", () => {
    expect(pollDelay([row("succeeded"), row("failed")], now)).toBeUndefined();
    expect(pollDelay([row("pending")], now)).toBe(1_000);
    expect(pollDelay([row("pending", "2026-11-30T12:00:05Z")], now)).toBe(5_300);
    expect(pollDelay([row("pending", "2026-11-30T12:30:00Z")], now)).toBe(15_000);
  });
});

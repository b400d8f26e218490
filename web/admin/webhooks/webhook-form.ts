import type { WebhookTexts } from "./webhook-texts.js";
import type { Webhook } from "./webhooks-api.js";

/** What a webhook's form edits; its status (failing, turned off) is the record's, shown beside it. */
export interface WebhookForm {
  title: string;
  url: string;
  events: string[];
  active: boolean;
}

/** The fields a refusal may name (a cause on `/events/2` marks the events). */
export const WEBHOOK_FIELDS = ["title", "url", "events", "active"] as const;

export const emptyWebhook = (): WebhookForm => ({ title: "", url: "", events: [], active: true });

export const webhookFormOf = (webhook: Webhook): WebhookForm => ({
  title: webhook.title ?? "",
  url: webhook.url,
  events: [...webhook.events],
  active: webhook.active,
});

/**
 * The checks made before a save, in the admin's words: an http(s) address and at least one event.
 * Whether the address is one the server may send to (not a private one) only the server can tell.
 */
export function webhookErrors(form: WebhookForm, t: WebhookTexts): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^https?:\/\/\S+$/i.test(form.url.trim())) errors.url = t.urlNeeded;
  if (form.events.length === 0) errors.events = t.eventsNeeded;
  return errors;
}

/** The body of the save: an empty title is none. */
export const webhookInputOf = (form: WebhookForm) => ({
  title: form.title.trim() || null,
  url: form.url.trim(),
  events: form.events,
  active: form.active,
});

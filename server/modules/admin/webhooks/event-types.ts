import type { Registry } from "../../../../engine/schema/registry.js";

/** Events modules queue where they happen (docs/webhooks.md "Events"), beside the record changes. */
export const DOMAIN_EVENTS = [
  "ecommerce.order.paid",
  "ecommerce.order.refunded",
  "ecommerce.order.canceled",
  "crm.request.created",
  "rbac.subject.created",
] as const;

/** The event `POST /api/admin/webhooks/{id}/test` sends: to that webhook whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";

const RECORD_ACTIONS = ["created", "updated", "deleted"];
const PUBLISH_ACTIONS = ["published", "unpublished"];

/**
 * Every event type a webhook may subscribe to: `{module}.{entity}.{action}` for each model the API
 * exposes (published and unpublished for a model with drafts), then the domain events.
 */
export function eventTypes(registry: Registry): string[] {
  const records = registry.exposed.flatMap((model) => {
    const [module, entity] = model.id.split("/");
    const actions = model.published ? [...RECORD_ACTIONS, ...PUBLISH_ACTIONS] : RECORD_ACTIONS;
    return actions.map((action) => `${module}.${entity}.${action}`);
  });
  return [...records, ...DOMAIN_EVENTS];
}

/** Whether a subscription pattern (`ecommerce.*.created`, `*.*.*`) takes an event type: `*` is any one part. */
export function matches(pattern: string, type: string): boolean {
  const wanted = pattern.split(".");
  const parts = type.split(".");
  return wanted.length === parts.length && wanted.every((part, i) => part === "*" || part === parts[i]);
}

/** The patterns that match no event type at all (a typo), to refuse them. */
export function unknownPatterns(patterns: string[], known: string[]): string[] {
  return patterns.filter((pattern) => !known.some((type) => matches(pattern, type)));
}

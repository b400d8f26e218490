/**
 * How webhook events are named and matched (docs/webhooks.md "Events"): the server queues and
 * checks subscriptions with these, and the admin's webhooks screen describes and checks the
 * patterns an administrator picks or types with the same rules, so both agree on what matches.
 */

/** One part of an event type, or `*` for any one part: lower-case words with digits and hyphens. */
export const EVENT_PATTERN = /^(\*|[a-z][a-z0-9-]*)\.(\*|[a-z][a-z0-9-]*)\.(\*|[a-z][a-z0-9-]*)$/;

/** What happens to a record of any model the API exposes. */
export const RECORD_ACTIONS = ["created", "updated", "deleted"] as const;
/** What also happens to a record of a model with drafts. */
export const PUBLISH_ACTIONS = ["published", "unpublished"] as const;

/** The event `POST /api/admin/webhooks/{id}/test` sends: to that webhook whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";

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

import { PUBLISH_ACTIONS, RECORD_ACTIONS } from "../../../../common/admin/webhook-events.js";
import type { Registry } from "../../../../engine/schema/registry.js";

// The matching rules are shared with the admin's webhooks screen.
export { matches, TEST_EVENT, unknownPatterns } from "../../../../common/admin/webhook-events.js";

/** Events modules queue where they happen (docs/webhooks.md "Events"), beside the record changes. */
export const DOMAIN_EVENTS = [
  "ecommerce.order.paid",
  "ecommerce.order.refunded",
  "ecommerce.order.canceled",
  "crm.request.created",
  "rbac.subject.created",
] as const;

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

/**
 * Models whose writes leave no audit entry, each with why (docs/audit.md "What is not recorded"):
 * logs and queues of their own, a record's versions (kept with the save its entry records),
 * transient sign-in and checkout bookkeeping. Sign-ins are recorded as events instead of their
 * tokens' rows. Every other model's create, update and delete is recorded.
 */
export const UNAUDITED_MODELS: ReadonlyMap<string, string> = new Map([
  ["admin/audit-entries", "the audit log itself"],
  ["admin/webhook-deliveries", "the webhooks' delivery log, a log of its own"],
  ["billing/webhook-events", "the payment providers' notifications as received, a log of its own"],
  ["host/versions", "a record's versions, written with the save whose entry is recorded"],
  ["notification/jobs", "the background queue: its rows change at every run of a job"],
  ["notification/outbox-messages", "the mail queue: its rows change at every delivery attempt"],
  ["ecommerce/idempotency-keys", "a request's replay guard, no record of anyone's"],
  ["ecommerce/stock-reservations", "a cart's holds on stock, kept minutes and rewritten at each cart change"],
  ["ecommerce/order-status-changes", "an order's status history, itself a log written with the order's audited update"],
  ["rbac/refresh-tokens", "session tokens: sign-ins and sign-outs are recorded as events"],
  ["rbac/sign-in-nonces", "a sign-in's one-time values, kept seconds"],
  ["rbac/passkey-challenges", "a passkey ceremony's challenge, kept minutes"],
  ["rbac/two-factor-challenges", "a two-factor sign-in's pending step, kept minutes"],
  ["rbac/openid-connect-flows", "a single sign-on's pending redirect, kept minutes"],
  ["rbac/signing-keys", "the server's own signing secrets, made and rolled by the server"],
]);

import type { Delivery } from "./webhooks-api.js";

/** How soon to read the log again while something is pending: at its next attempt, within 1 to 15 s. */
export function pollDelay(rows: Delivery[], now = Date.now()): number | undefined {
  const pending = rows.filter((row) => row.state === "pending");
  if (pending.length === 0) return undefined;
  const soonest = Math.min(
    ...pending.map((row) => (row.nextAttemptAt ? Date.parse(row.nextAttemptAt) - now + 300 : 0)),
  );
  return Math.min(15_000, Math.max(1_000, soonest));
}

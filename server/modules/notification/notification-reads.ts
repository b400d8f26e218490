import { sql, type Expression } from "kysely";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { mailState } from "./mail-state.js";

/**
 * The notifications as other modules read them: the mails about one of their records (its id in
 * the notification's data), and whether a notification with a key was made, as a subquery for a
 * caller's own statement.
 */

/**
 * The notifications whose data names `value` under `dataKey` (the mails about an order: `orderId`), one query;
 * each with its `state` (mail-state.ts): queued, sent to a mail server, or only kept in the outbox.
 */
export async function notificationsAbout(db: ModelQueries, dataKey: string, value: string) {
  const rows = await db
    .selectFrom("notification/notifications")
    .select(["createdAt", "sentAt", "template", "recipient", "status", "subject", "messageId"])
    // The key is a name of the caller's code, written into the statement as a literal (no index reads it either way).
    .where(sql`"data"->>${sql.lit(dataKey)}`, "=", value)
    .execute();
  return rows.map((row) => ({ ...row, state: mailState(row) }));
}

/** The notification with this key (a key makes a notification once, NewNotification.key): for a caller's NOT EXISTS. */
export function notificationWithKey(db: ModelQueries, key: Expression<string>) {
  return db.selectFrom("notification/notifications").select("id").where("key", "=", key);
}

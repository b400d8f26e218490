import type { AuditEvent, AuditTrail } from "../../../engine/audit/audit-trail.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";

/**
 * A write of rbac's own security records (a passkey, a two-factor factor) that has no repository
 * behind it, run with its audit entry in one transaction (docs/audit.md): `entry` names what the
 * write did from its result, or nothing when it did nothing. Without the log, the write alone.
 */
export async function withAuditEntry<T>(
  db: ModelQueries,
  audit: AuditTrail | undefined,
  write: (db: ModelQueries) => Promise<T>,
  entry: (result: T) => AuditEvent | undefined,
): Promise<T> {
  if (!audit) return write(db);
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    const event = entry(result);
    if (event) await audit.record(trx, [event]);
    return result;
  });
}

import type { AuditTrail } from "../../../../engine/audit/audit-trail.js";
import { withAuditEntry } from "../account-audit.js";
import { AppError } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";

const TABLE = "rbac/passkeys";

/** A passkey as its owner sees it: never its public key or counter (hidden, server-only). */
export interface PasskeyView {
  id: string;
  title: string;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const VISIBLE = ["id", "title", "transports", "createdAt", "lastUsedAt"] as const;

/** Another subject's passkey answers exactly as an unknown id, so ids cannot be probed. */
const unknown = (passkeyId: string) => new AppError("NOT_FOUND", `Passkey ${passkeyId} was not found`);

/** A subject's passkeys: listed, renamed and removed only through their subject. */
export class PasskeyRecords {
  /** The audit log: a passkey added, renamed or removed is recorded in its transaction (passkeys/index.ts sets it). */
  audit?: AuditTrail;

  constructor(private readonly db: ModelQueries) {}

  async list(subjectId: string): Promise<PasskeyView[]> {
    const rows = await this.db
      .selectFrom(TABLE)
      .select(VISIBLE)
      .where("subjectId", "=", subjectId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    return rows.map(view);
  }

  async rename(subjectId: string, passkeyId: string, title: string): Promise<PasskeyView> {
    const row = await withAuditEntry(
      this.db,
      this.audit,
      (db) =>
        db
          .updateTable(TABLE)
          .set({ title })
          .where("id", "=", passkeyId)
          .where("subjectId", "=", subjectId)
          .returning(VISIBLE)
          .executeTakeFirst(),
      (row) => row && { model: TABLE, recordId: row.id, action: "update", changes: { title: [null, title] } },
    );
    if (!row) throw unknown(passkeyId);
    return view(row);
  }

  async remove(subjectId: string, passkeyId: string): Promise<PasskeyView> {
    const row = await withAuditEntry(
      this.db,
      this.audit,
      (db) =>
        db
          .deleteFrom(TABLE)
          .where("id", "=", passkeyId)
          .where("subjectId", "=", subjectId)
          .returning(VISIBLE)
          .executeTakeFirst(),
      (row) =>
        row && {
          model: TABLE,
          recordId: row.id,
          action: "delete",
          changes: { subjectId: [subjectId, null], title: [row.title, null] },
        },
    );
    if (!row) throw unknown(passkeyId);
    return view(row);
  }

  /** The credential ids a subject holds: the browser is told not to make a second one on the same authenticator. */
  async credentialIdsOf(subjectId: string): Promise<{ id: string; transports: string[] }[]> {
    const rows = await this.db
      .selectFrom(TABLE)
      .select(["credentialId", "transports"])
      .where("subjectId", "=", subjectId)
      .execute();
    return rows.map((r) => ({ id: r.credentialId, transports: transportsOf(r.transports) }));
  }
}

export const transportsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];

export function view(row: {
  id: string;
  title: string;
  transports: unknown;
  createdAt: Date;
  lastUsedAt: Date | null;
}): PasskeyView {
  return { ...row, transports: transportsOf(row.transports) };
}

/**
 * An audit log entry as GET /api/admin/audit answers it (docs/audit.md "Reading the log"): the
 * server writes it, the admin's Activity screen and a record's History read it.
 */
export interface AuditEntry {
  id: string;
  createdAt: Date | string;
  subjectId: string | null;
  /** The subject's sign-in email, when it has one. */
  who: string | null;
  /** How the request was authenticated: session, api-key, secret-key, anonymous or system. */
  via: string;
  apiKeyId: string | null;
  address: string | null;
  userAgent: string | null;
  model: string | null;
  /** The model's title (schemas/), for an Activity screen's line. */
  modelTitle: string | null;
  recordId: string | null;
  action: string;
  /** The fields changed, `field: [before, after]`; a hidden field's values read "[hidden]". */
  changes: Record<string, unknown> | null;
}

/** The actions an entry may name: a record's writes, then the events (docs/audit.md "What is recorded"). */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "publish",
  "unpublish",
  "schedule",
  "restore",
  "sign-in",
  "sign-in-failed",
  "first-admin-setup",
  "revoke",
  "roll-secret",
] as const;

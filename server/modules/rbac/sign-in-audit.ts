import { AppError } from "../../../engine/errors.js";
import type { AuditTrail } from "../../../engine/audit/audit-trail.js";
import type { AnyModelDb } from "../../../engine/query/any-model-db.js";

/** How a subject signed in, as the audit log names it (docs/audit.md "Sign-ins"). */
export type SignInMethod =
  | "password"
  | "two-factor"
  | "passkey"
  | "single-sign-on"
  | "wallet"
  | "registration"
  | "guest"
  | "first-admin"
  | "password-change"
  | "two-factor-enrolment";

const SUBJECTS = "rbac/subjects";

/** The entry of a sign-in, in the transaction that issued its session: the subject is its own actor. */
export function recordSignIn(
  audit: AuditTrail | undefined,
  db: AnyModelDb,
  subjectId: string,
  method: SignInMethod,
): Promise<void> {
  if (!audit) return Promise.resolve();
  return audit.record(db, [
    {
      model: SUBJECTS,
      recordId: subjectId,
      action: "sign-in",
      changes: { method: [null, method] },
      actor: { subjectId, via: "session" },
    },
  ]);
}

/**
 * Runs one sign-in step; a refusal (a wrong password, code, passkey or provider answer) is
 * recorded as a failed sign-in before it is answered, naming the method, the login given if
 * any, and why. Mistakes in the request's form (a 400) are not sign-in attempts.
 */
export async function attemptSignIn<T>(
  audit: AuditTrail | undefined,
  db: AnyModelDb,
  method: SignInMethod,
  attempt: () => Promise<T>,
  details: { login?: string; subjectId?: string } = {},
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (audit && error instanceof AppError && error.code !== "VALIDATION_ERROR") {
      const changes: Record<string, unknown> = { method: [null, method], reason: [null, error.message] };
      if (details.login !== undefined) changes.login = [null, details.login.slice(0, 320)];
      await audit.record(db, [
        { model: SUBJECTS, recordId: details.subjectId ?? null, action: "sign-in-failed", changes },
      ]);
    }
    throw error;
  }
}

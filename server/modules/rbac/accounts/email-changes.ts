import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../../../engine/db/open-database.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError, validationError } from "../../../../engine/errors.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";
import type { RefreshTokens } from "../refresh-tokens.js";
import type { AccountNotices } from "./account-notices.js";
import { findByEmail, normalizeEmail } from "./identity-store.js";

const TABLE = "rbac/email-changes";
/** The new address proves it is the owner's within a day; the old one may take the change back for a week. */
export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
export const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const newCode = () => randomBytes(32).toString("base64url");
const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");
const badCode = () =>
  validationError("/code is invalid or expired", [{ path: "/code", message: "is invalid or expired" }]);
export const emailTaken = () =>
  new AppError("CONFLICT", "/email is already taken", [{ path: "/email", message: "is already taken" }]);

/**
 * A subject's own email change, in two steps: asking stores the change with a code and mails a
 * link to the NEW address; only that link (once, within 24 h) makes the change. Then the PREVIOUS
 * address is mailed a link that, once within 7 days, puts the email back and signs the subject
 * out everywhere, so a stolen session that moved the account to another address can be undone
 * by the owner. Codes are stored as SHA-256 hashes; a newer request voids the older pending one.
 * Every write goes through the model's repository, so each step is in the audit log (the hashes
 * masked: they are hidden fields).
 */
export class EmailChanges {
  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    private readonly db: ModelQueries,
    private readonly refreshTokens: RefreshTokens,
    private readonly notices: AccountNotices,
  ) {}

  async request(subjectId: string, identityId: string, previousEmail: string | null, email: string) {
    const wanted = normalizeEmail(email);
    if (await findByEmail(this.db, wanted)) throw emailTaken();
    const code = newCode();
    const expiresAt = new Date(Date.now() + CONFIRM_TTL_MS);
    await runTransaction(this.database, this.repositories, async (repository, trx) => {
      await voidPending(repository, trx, identityId);
      await repository(TABLE).create(
        {
          subjectId,
          identityId,
          email: wanted,
          previousEmail: previousEmail ?? undefined,
          confirmHash: hashOf(code),
          confirmExpiresAt: expiresAt.toISOString(),
        },
        { trusted: true },
      );
    });
    await this.notices.emailChangeToConfirm(subjectId, wanted, code);
    return { email: wanted, expiresAt: expiresAt.toISOString() };
  }

  /** Spends a confirmation code: the identity takes the new email; the previous address is told, with the undo link. */
  async confirm(code: string): Promise<{ email: string }> {
    const undo = newCode();
    const change = await runTransaction(this.database, this.repositories, async (repository, trx) => {
      const spent = await trx
        .selectFrom(TABLE)
        .select(["id", "subjectId", "identityId", "email", "previousEmail"])
        .where("confirmHash", "=", hashOf(code))
        .where("confirmedAt", "is", null)
        .where("confirmExpiresAt", ">", new Date())
        .forUpdate()
        .executeTakeFirst();
      if (!spent) throw badCode();
      await repository(TABLE).update(
        spent.id,
        {
          confirmedAt: new Date().toISOString(),
          undoHash: hashOf(undo),
          undoExpiresAt: new Date(Date.now() + UNDO_TTL_MS).toISOString(),
        },
        { trusted: true },
      );
      await repository("rbac/identities")
        .update(spent.identityId, { email: spent.email }, { trusted: true })
        .catch(rethrowTaken);
      return spent;
    });
    // An identity that had no email before has no previous address to tell.
    if (change.previousEmail)
      await this.notices.emailChanged(change.subjectId, change.previousEmail, change.email, undo);
    return { email: change.email };
  }

  /** Spends an undo code: the previous email back, every sign-in of the subject ended, any pending change voided. */
  async undo(code: string): Promise<{ email: string | null }> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const spent = await trx
        .selectFrom(TABLE)
        .select(["id", "subjectId", "identityId", "previousEmail"])
        .where("undoHash", "=", hashOf(code))
        .where("undoneAt", "is", null)
        .where("undoExpiresAt", ">", new Date())
        .forUpdate()
        .executeTakeFirst();
      if (!spent) throw badCode();
      await repository(TABLE).update(spent.id, { undoneAt: new Date().toISOString() }, { trusted: true });
      await repository("rbac/identities")
        .update(spent.identityId, { email: spent.previousEmail }, { trusted: true })
        .catch(rethrowTaken);
      await voidPending(repository, trx, spent.identityId);
      await this.refreshTokens.revokeSubject(spent.subjectId, repository, trx);
      return { email: spent.previousEmail ?? null };
    });
  }
}

/** An unconfirmed change asked for before is voided: only the newest link works. */
async function voidPending(repository: RepositoryLookup, trx: ModelQueries, identityId: string) {
  const pending = await trx
    .selectFrom(TABLE)
    .select("id")
    .where("identityId", "=", identityId)
    .where("confirmedAt", "is", null)
    .where("confirmExpiresAt", ">", new Date())
    .forUpdate()
    .execute();
  if (pending.length === 0) return;
  await repository(TABLE).updateMany(
    pending.map((p) => p.id),
    { confirmExpiresAt: new Date().toISOString() },
    { trusted: true },
  );
}

function rethrowTaken(error: unknown): never {
  if (error instanceof AppError && error.code === "CONFLICT") throw emailTaken();
  throw error;
}

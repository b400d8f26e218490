import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError } from "../../../../engine/errors.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import type { StoredRecord } from "../../../../engine/query/stored-record.js";
import { markIdentified } from "./subjects.js";
import { verifyAgainstNothing, verifyPassword, type PasswordHash } from "../passwords.js";

// Reads and writes of identities that involve their hidden columns (password, salt, code):
// module code only, never the generic routes.

export const EMAIL_PROVIDER = "email_and_password";
export const WALLET_PROVIDER = "ethereum_virtual_machine";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface Credentials {
  id: string;
  subjectId: string | null;
  password: string | null;
  salt: string | null;
}

/** Identities with their credentials and subject: the one query both look-ups narrow. */
const withCredentials = (db: ModelQueries) =>
  db
    .selectFrom("rbac/identities as i")
    .leftJoin("rbac/subjects-to-identities as si", "si.identityId", "i.id")
    .select(["i.id", "si.subjectId", "i.password", "i.salt"]);

/** The email-and-password identity with this email, with its credentials and subject. */
export async function findByEmail(db: ModelQueries, email: string): Promise<Credentials | undefined> {
  return withCredentials(db)
    .where("i.provider", "=", EMAIL_PROVIDER)
    .where("i.email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function findById(db: ModelQueries, identityId: string): Promise<Credentials | undefined> {
  return withCredentials(db).where("i.id", "=", identityId).executeTakeFirst();
}

/** True when the password is right; spends the same time when there is no identity at all. */
export async function passwordMatches(identity: Credentials | undefined, password: string): Promise<boolean> {
  if (!identity?.password || !identity.salt) return verifyAgainstNothing(password);
  return verifyPassword(password, { password: identity.password, salt: identity.salt });
}

export const wrongCredentials = () => new AppError("AUTHENTICATION_ERROR", "wrong login or password");

// Both take the hash, made before the transaction: hashing takes ~0.5 s and must not hold it open.

/** A new email-and-password identity linked to the subject (marked as having had one), in the caller's transaction `trx`. */
export async function createEmailIdentity(
  repository: RepositoryLookup,
  trx: ModelQueries,
  subjectId: string,
  email: string,
  hash: PasswordHash,
): Promise<StoredRecord<"rbac/identities">> {
  const identity = await repository("rbac/identities").create(
    { provider: EMAIL_PROVIDER, email: normalizeEmail(email), ...hash },
    { trusted: true },
  );
  await repository("rbac/subjects-to-identities").create({ subjectId, identityId: identity.id });
  await markIdentified(trx, subjectId);
  return identity;
}

/** Sets a new password (fresh salt) and forgets any reset code. */
export async function setPassword(repository: RepositoryLookup, identityId: string, hash: PasswordHash) {
  await repository("rbac/identities").update(
    identityId,
    { ...hash, code: null, codeExpiresAt: null },
    { trusted: true },
  );
}

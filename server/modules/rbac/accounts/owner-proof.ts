import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError, validationError } from "../../../../engine/errors.js";
import { passwordMatches } from "./identity-store.js";
import { isNewSubject } from "./subjects.js";

/** A subject without a password proves itself by a sign-in this recent (a wallet signature). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

const currentPasswordRequired = () =>
  validationError("currentPassword is required", [{ path: "/currentPassword", message: "is required" }]);
const wrongCurrentPassword = () =>
  validationError("/currentPassword is not the current password", [
    { path: "/currentPassword", message: "is not the current password" },
  ]);

/**
 * Adding a sign-in method or changing a login email would let whoever holds a session token keep
 * the account for ever (a stolen token lives minutes; an identity of the thief's, always). So the
 * subject proves it is itself in the same request: the current password of one of its password
 * identities; a subject with only a wallet, by a sign-in of the last few minutes; a subject with
 * no identity yet (made by authentication/init) has no account to take. A subject that had
 * identities and lost them all has nothing to prove itself with, so nothing is allowed: it is not
 * "new", or a stolen session could give the thief's email to the victim's account.
 */
export interface OwnerProofOptions {
  /**
   * A sign-in of the last RECENT_SIGN_IN_MS stands in for a missing currentPassword: the original
   * client changes an email (and links a wallet) without asking for the password again, right
   * after the visitor signed in. A sent password is still checked.
   */
  recentSignInSuffices?: boolean;
}

export async function confirmOwner(
  db: ModelQueries,
  subjectId: string,
  currentPassword: string | undefined,
  signInId: string | undefined,
  options: OwnerProofOptions = {},
) {
  const identities = await db
    .selectFrom("rbac/subjects-to-identities as si")
    .innerJoin("rbac/identities as i", "i.id", "si.identityId")
    .select(["i.id", "si.subjectId", "i.password", "i.salt"])
    .where("si.subjectId", "=", subjectId)
    .orderBy("i.createdAt")
    .execute();
  if (identities.length === 0) {
    if (await isNewSubject(db, subjectId)) return;
    throw new AppError(
      "PERMISSION_ERROR",
      "this account has no sign-in method left to prove it is yours: an administrator must restore one",
    );
  }
  const withPassword = identities.filter((i) => i.password && i.salt);
  if (withPassword.length === 0) {
    if (!signInId || !(await signedInRecently(db, signInId))) {
      throw new AppError(
        "PERMISSION_ERROR",
        "sign in again (with your wallet) to change the sign-in methods of this account",
      );
    }
    return;
  }
  if (!currentPassword) {
    if (options.recentSignInSuffices && signInId && (await signedInRecently(db, signInId))) return;
    throw currentPasswordRequired();
  }
  for (const identity of withPassword) if (await passwordMatches(identity, currentPassword)) return;
  throw wrongCurrentPassword();
}

/** The sign-in (refresh-token family) began within RECENT_SIGN_IN_MS. */
export async function signedInRecently(db: ModelQueries, signInId: string): Promise<boolean> {
  const first = await db
    .selectFrom("rbac/refresh-tokens")
    .select("createdAt")
    .where("familyId", "=", signInId)
    .orderBy("createdAt")
    .executeTakeFirst();
  return !!first && Date.now() - first.createdAt.getTime() <= RECENT_SIGN_IN_MS;
}

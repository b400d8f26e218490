import { createHash, randomBytes } from "node:crypto";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Database } from "../../../../engine/db/open-database.js";
import { AppError, validationError } from "../../../../engine/errors.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../../engine/query/transaction.js";
import type { BackgroundWork } from "../../../background-work.js";
import type { Notifications } from "../../notification/index.js";
import { hashPassword } from "../passwords.js";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../../engine/schema/languages.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import type { RefreshTokens } from "../refresh-tokens.js";
import {
  createEmailIdentity,
  findByEmail,
  findById,
  normalizeEmail,
  passwordMatches,
  setPassword,
  wrongCredentials,
} from "./identity-store.js";
import { createSubject, grantRegistrationRoles, grantRole, isNewSubject, markIdentified } from "./subjects.js";

const RESET_CODE_TTL_MS = 60 * 60 * 1000;
const codeHash = (code: string) => createHash("sha256").update(code).digest("hex");

export interface AccountsOptions {
  /** Where the site runs, for links in emails: PUBLIC_URL, e.g. https://shop.example.com. */
  publicUrl: string;
  /** Told of a subject registered, in the registration's transaction: webhooks queue `rbac.subject.created`. */
  registered?: (trx: ModelQueries, subject: Record<string, unknown>) => Promise<unknown>;
}

/** Sign-up, sign-in and password flows of email-and-password identities. */
export class Accounts {
  constructor(
    private readonly database: Database,
    private readonly db: ModelQueries,
    private readonly repositories: Map<string, Repository>,
    private readonly refreshTokens: RefreshTokens,
    private readonly notifications: Notifications,
    private readonly background: BackgroundWork,
    private readonly options: AccountsOptions,
  ) {}

  private transaction<T>(work: (repository: RepositoryLookup, trx: ModelQueries) => Promise<T>) {
    return runTransaction(this.database, this.repositories, work);
  }

  /**
   * A new subject with this email and password and the roles open to sign-up. Only login,
   * password and the language mail is sent in are read: nothing else in the request reaches a
   * record. A signed-in subject that never had an identity (made by authentication/init) becomes
   * the account instead of a new subject.
   */
  async register(login: string, password: string, currentSubjectId?: string, language?: Language): Promise<string> {
    const hash = await hashPassword(password);
    return this.transaction(async (repository, trx) => {
      if (await findByEmail(trx, login)) throw emailTaken();
      // Only a subject that never had an identity is adopted (one that lost its identities is
      // someone's account: a stolen session must not give it the thief's email).
      let subjectId = currentSubjectId && (await isNewSubject(trx, currentSubjectId)) ? currentSubjectId : undefined;
      if (subjectId) await grantRegistrationRoles(repository, trx, subjectId);
      else subjectId = (await createSubject(repository, trx)).id;
      await createEmailIdentity(repository, trx, subjectId, login, hash).catch(rethrowTaken);
      if (language) await repository("rbac/subjects").update(subjectId, { language });
      // The subject as its readers see it (its repository's record: no hidden field).
      await this.options.registered?.(trx, await repository("rbac/subjects").get(subjectId));
      return subjectId;
    });
  }

  /** The subject whose email identity has this password; one answer for unknown login and wrong password. */
  async authenticate(login: string, password: string): Promise<string> {
    const identity = await findByEmail(this.db, login);
    if (!(await passwordMatches(identity, password)) || !identity?.subjectId) throw wrongCredentials();
    // An identity an administrator linked through the generic routes marks its subject here.
    await markIdentified(this.db, identity.subjectId);
    return identity.subjectId;
  }

  /** Adds an email identity to a subject (the identity settings screen, create-by-email). */
  async addEmailIdentity(subjectId: string, email: string, password: string) {
    const hash = await hashPassword(password);
    return this.transaction(async (repository, trx) => {
      if (await findByEmail(trx, email)) throw emailTaken();
      return createEmailIdentity(repository, trx, subjectId, email, hash).catch(rethrowTaken);
    });
  }

  /** Changes one identity's password after checking the current one; signs the subject out elsewhere. */
  async changePassword(identityId: string, password: string, newPassword: string) {
    const identity = await findById(this.db, identityId);
    if (!identity?.password) throw new AppError("NOT_FOUND", `Identity ${identityId} has no password`);
    if (!(await passwordMatches(identity, password)))
      throw validationError("/password is not the current password", [
        { path: "/password", message: "is not the current password" },
      ]);
    const hash = await hashPassword(newPassword);
    await this.transaction(async (repository, trx) => {
      await setPassword(repository, identityId, hash);
      if (identity.subjectId) await this.refreshTokens.revokeSubject(identity.subjectId, repository, trx);
    });
  }

  /** The id of the subject's email-and-password identity, for subject change-password. */
  async emailIdentityOf(subjectId: string): Promise<string> {
    const row = await this.db
      .selectFrom("rbac/subjects-to-identities as si")
      .innerJoin("rbac/identities as i", "i.id", "si.identityId")
      .select("i.id")
      .where("si.subjectId", "=", subjectId)
      .where("i.provider", "=", "email_and_password")
      .orderBy("i.createdAt")
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "the subject has no email-and-password identity");
    return row.id;
  }

  /**
   * Sends a single-use reset code to the email if an identity has it. The look-up, the code and
   * the mail all happen after the answer, which is the same, and as fast, whether or not the
   * email has an account: nobody learns which emails do.
   */
  requestPasswordReset(email: string) {
    this.background.run("password reset request", () => this.sendResetCode(email));
  }

  private async sendResetCode(email: string) {
    const identity = await findByEmail(this.db, email);
    if (!identity) return;
    const code = randomBytes(32).toString("base64url");
    await this.repositories
      .get("rbac/identities")!
      .update(
        identity.id,
        { code: codeHash(code), codeExpiresAt: new Date(Date.now() + RESET_CODE_TTL_MS).toISOString() },
        { trusted: true },
      );
    const language = await this.languageOf(identity.subjectId);
    const link = `${this.options.publicUrl}${withLanguage("/rbac/subject/authentication/email-and-password/reset-password", language)}?code=${code}`;
    // Queued like every mail (sent, or retried while the mail server is down); the link is a
    // hidden variable, never shown by the API, and forgotten once sent.
    await this.notifications.enqueue({
      template: "password-reset",
      recipient: normalizeEmail(email),
      language,
      secretData: { link },
      subjectId: identity.subjectId ?? undefined,
    });
  }

  /** The subject's language while the site still has it, else the site's default language. */
  private async languageOf(subjectId: string | null | undefined): Promise<Language> {
    if (!subjectId) return DEFAULT_LANGUAGE;
    const row = await this.db
      .selectFrom("rbac/subjects")
      .select("language")
      .where("id", "=", subjectId)
      .executeTakeFirst();
    return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
  }

  /** Spends a reset code: new password, code forgotten, every session of the subject revoked. */
  async resetPassword(code: string, password: string) {
    const hash = await hashPassword(password);
    await this.transaction(async (repository, trx) => {
      const identity = await trx
        .updateTable("rbac/identities")
        .set({ code: null, codeExpiresAt: null })
        .where("code", "=", codeHash(code))
        .where("codeExpiresAt", ">", new Date())
        .returning("id")
        .executeTakeFirst();
      if (!identity)
        throw validationError("/code is invalid or expired", [{ path: "/code", message: "is invalid or expired" }]);
      await setPassword(repository, identity.id, hash);
      const link = await trx
        .selectFrom("rbac/subjects-to-identities")
        .select("subjectId")
        .where("identityId", "=", identity.id)
        .executeTakeFirst();
      if (link) await this.refreshTokens.revokeSubject(link.subjectId, repository, trx);
    });
  }

  /** ADMIN_EMAIL / `npm run admin`: the account exists with this password and the admin role. */
  async ensureAdmin(email: string, password: string): Promise<{ subjectId: string; created: boolean }> {
    const hash = await hashPassword(password);
    return this.transaction(async (repository, trx) => {
      const identity = await findByEmail(trx, email);
      let subjectId = identity?.subjectId ?? undefined;
      const created = !subjectId;
      if (identity && subjectId) await setPassword(repository, identity.id, hash);
      else {
        if (identity) await repository("rbac/identities").delete(identity.id);
        subjectId = (await createSubject(repository, trx)).id;
        await createEmailIdentity(repository, trx, subjectId, email, hash);
      }
      await grantRole(repository, trx, subjectId!, "admin");
      return { subjectId: subjectId!, created };
    });
  }
}

const emailTaken = () =>
  new AppError("CONFLICT", "/login is already taken", [{ path: "/login", message: "is already taken" }]);

/** Two sign-ups with one email at once: the unique (provider, email) constraint decides. */
function rethrowTaken(error: unknown): never {
  if (error instanceof AppError && error.code === "CONFLICT") throw emailTaken();
  throw error;
}

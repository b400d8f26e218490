import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError, validationError } from "../../../../engine/errors.js";
import { EMAIL_PROVIDER, passwordMatches } from "../accounts/identity-store.js";
import { rolesOf } from "../accounts/subjects.js";
import { SecretBox } from "./secret-box.js";
import { SignInChallenges } from "./sign-in-challenges.js";
import { TotpFactors } from "./totp-factors.js";

export interface TwoFactorSettings {
  /** TWO_FACTOR_KEY, else the session signing secret: what the stored secrets are sealed with. */
  secret: string;
  /** TWO_FACTOR_REQUIRED_ROLES: role slugs whose subjects must have TOTP on. */
  requiredRoles: readonly string[];
  /** The issuer an authenticator app shows beside the account (the site's host name). */
  issuer: string;
}

/** TOTP two-factor sign-in (docs/security.md "Two-factor sign-in"): the factors, the sign-in step, the required roles. */
export class TwoFactor {
  readonly factors: TotpFactors;
  readonly challenges: SignInChallenges;
  readonly requiredRoles: ReadonlySet<string>;
  readonly issuer: string;

  constructor(
    private readonly db: ModelQueries,
    settings: TwoFactorSettings,
  ) {
    const box = new SecretBox(settings.secret);
    this.factors = new TotpFactors(db, box);
    this.challenges = new SignInChallenges(db, box, this.factors);
    this.requiredRoles = new Set(settings.requiredRoles);
    this.issuer = settings.issuer;
  }

  /** True when one of these roles requires two-factor sign-in and the subject has not turned it on. */
  async enrolmentPending(subjectId: string, roleUids: readonly string[]): Promise<boolean> {
    if (!roleUids.some((uid) => this.requiredRoles.has(uid))) return false;
    return !(await this.factors.isOn(subjectId));
  }

  /** Whether the subject's current roles require it (the account screen says so). */
  async required(subjectId: string): Promise<boolean> {
    if (this.requiredRoles.size === 0) return false;
    return (await rolesOf(this.db, subjectId)).some((r) => this.requiredRoles.has(r.uid));
  }

  /** The email an authenticator app labels the account with; a subject without one has no password sign-in to guard. */
  async emailOf(subjectId: string): Promise<string> {
    const identity = await this.emailIdentities(subjectId).select("i.email").executeTakeFirst();
    if (!identity?.email)
      throw new AppError("CONFLICT", "two-factor sign-in guards the email-and-password sign-in: add an email first");
    return identity.email;
  }

  /** Checks the subject's password (any of its email identities'): a 400 naming `password` when wrong. */
  async checkPassword(subjectId: string, password: string) {
    const identities = await this.emailIdentities(subjectId).select(["i.id", "i.password", "i.salt"]).execute();
    for (const identity of identities) {
      if (await passwordMatches({ ...identity, subjectId }, password)) return;
    }
    if (identities.length === 0) await passwordMatches(undefined, password);
    throw validationError("/password is not the current password", [
      { path: "/password", message: "is not the current password" },
    ]);
  }

  private emailIdentities(subjectId: string) {
    return this.db
      .selectFrom("rbac/subjects-to-identities as si")
      .innerJoin("rbac/identities as i", "i.id", "si.identityId")
      .where("si.subjectId", "=", subjectId)
      .where("i.provider", "=", EMAIL_PROVIDER)
      .orderBy("i.createdAt");
  }
}

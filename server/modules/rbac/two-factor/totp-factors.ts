import type { AuditTrail } from "../../../../engine/audit/audit-trail.js";
import { withAuditEntry } from "../account-audit.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError } from "../../../../engine/errors.js";
import { RECOVERY_CODE_COUNT, newRecoveryCode, normalRecoveryCode, totpCodeOf } from "./recovery-codes.js";
import type { SecretBox } from "./secret-box.js";
import { matchingStep, newTotpSecret } from "./totp.js";

const FACTORS = "rbac/totp-factors";
const CODES = "rbac/recovery-codes";

export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/**
 * A subject's authenticator app and recovery codes: enrol (a secret, off until a code confirms
 * it), check a code, turn off. A TOTP code is taken once: its step must be newer than the last
 * one taken (`lastStep`, moved forward by one conditional update, so two requests racing with
 * one code cannot both win). A recovery code is spent by marking it used, the same way.
 */
export class TotpFactors {
  /** The audit log: turning two-factor sign-in on or off is recorded in its transaction (rbac-services.ts sets it). */
  audit?: AuditTrail;

  constructor(
    private readonly db: ModelQueries,
    private readonly box: SecretBox,
    /** The clock codes and tokens are read against (ms since the epoch); tests move it. */
    public now: () => number = Date.now,
  ) {}

  async state(subjectId: string, db: ModelQueries = this.db): Promise<TwoFactorState> {
    const [factor, codes] = await Promise.all([
      db.selectFrom(FACTORS).select("confirmedAt").where("subjectId", "=", subjectId).executeTakeFirst(),
      db
        .selectFrom(CODES)
        .select((eb) => eb.fn.countAll<string>().as("left"))
        .where("subjectId", "=", subjectId)
        .where("usedAt", "is", null)
        .executeTakeFirstOrThrow(),
    ]);
    const enabled = !!factor?.confirmedAt;
    return { enabled, recoveryCodesLeft: enabled ? Number(codes.left) : 0 };
  }

  async isOn(subjectId: string, db: ModelQueries = this.db): Promise<boolean> {
    return (await this.state(subjectId, db)).enabled;
  }

  /** A new secret, off until confirmed; asking again before confirming replaces it. */
  async begin(subjectId: string): Promise<string> {
    if (await this.isOn(subjectId))
      throw new AppError("CONFLICT", "two-factor sign-in is already on: turn it off first to set up another app");
    const secret = newTotpSecret();
    const sealed = this.box.seal(secret);
    await withAuditEntry(
      this.db,
      this.audit,
      (db) =>
        db
          .insertInto(FACTORS)
          .values({ subjectId, secret: sealed })
          .onConflict((oc) => oc.column("subjectId").doUpdateSet({ secret: sealed, confirmedAt: null, lastStep: null }))
          .execute(),
      () => ({
        model: "rbac/subjects",
        recordId: subjectId,
        action: "two-factor-begin",
        changes: { secret: [null, "[hidden]"] },
      }),
    );
    return secret;
  }

  /** Turns it on with a code of the new secret; answers the recovery codes, shown this once. */
  async confirm(subjectId: string, code: string): Promise<string[]> {
    const factor = await this.db.selectFrom(FACTORS).selectAll().where("subjectId", "=", subjectId).executeTakeFirst();
    if (!factor) throw new AppError("CONFLICT", "set up two-factor sign-in first (POST …/two-factor/totp)");
    if (factor.confirmedAt) throw new AppError("CONFLICT", "two-factor sign-in is already on");
    if (!(await this.takeTotp(subjectId, code))) throw wrongCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable(FACTORS)
        .set({ confirmedAt: new Date(this.now()) })
        .where("subjectId", "=", subjectId)
        .execute();
      await trx.deleteFrom(CODES).where("subjectId", "=", subjectId).execute();
      await trx
        .insertInto(CODES)
        .values(codes.map((c) => ({ subjectId, codeHash: this.box.hash(c) })))
        .execute();
      await this.audit?.record(trx, [
        { model: "rbac/subjects", recordId: subjectId, action: "two-factor-on", changes: { twoFactor: [false, true] } },
      ]);
    });
    return codes;
  }

  /** Turns it off (the route checked the password): the secret and the recovery codes go. */
  /** Deletes the secret and the recovery codes; true when the subject had a factor (on, or begun). */
  async remove(subjectId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom(FACTORS).where("subjectId", "=", subjectId).executeTakeFirst();
      await trx.deleteFrom(CODES).where("subjectId", "=", subjectId).execute();
      const had = Number(removed.numDeletedRows) > 0;
      if (had)
        await this.audit?.record(trx, [
          {
            model: "rbac/subjects",
            recordId: subjectId,
            action: "two-factor-off",
            changes: { twoFactor: [true, false] },
          },
        ]);
      return had;
    });
  }

  /** Spends a code of a subject whose factor is on: a TOTP code or a recovery code (in the caller's transaction when given). */
  async spend(subjectId: string, code: string, db: ModelQueries = this.db): Promise<boolean> {
    if (!(await this.isOn(subjectId, db))) return false;
    return totpCodeOf(code) ? this.takeTotp(subjectId, code, db) : this.takeRecoveryCode(subjectId, code, db);
  }

  private async takeTotp(subjectId: string, code: string, db: ModelQueries = this.db): Promise<boolean> {
    const digits = totpCodeOf(code);
    const factor = await db.selectFrom(FACTORS).select("secret").where("subjectId", "=", subjectId).executeTakeFirst();
    const secret = factor && this.box.open(factor.secret);
    const step = digits && secret ? matchingStep(secret, digits, this.now()) : undefined;
    if (step === undefined) return false;
    const taken = await db
      .updateTable(FACTORS)
      .set({ lastStep: step })
      .where("subjectId", "=", subjectId)
      .where((eb) => eb.or([eb("lastStep", "is", null), eb("lastStep", "<", step)]))
      .returning("id")
      .executeTakeFirst();
    return !!taken;
  }

  private async takeRecoveryCode(subjectId: string, code: string, db: ModelQueries): Promise<boolean> {
    const used = await db
      .updateTable(CODES)
      .set({ usedAt: new Date(this.now()) })
      .where("subjectId", "=", subjectId)
      .where("codeHash", "=", this.box.hash(normalRecoveryCode(code)))
      .where("usedAt", "is", null)
      .returning("id")
      .executeTakeFirst();
    return !!used;
  }
}

export const wrongCode = () => new AppError("AUTHENTICATION_ERROR", "the code is wrong, used already or expired");

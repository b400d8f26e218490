import { randomBytes } from "node:crypto";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError } from "../../../../engine/errors.js";
import type { SecretBox } from "./secret-box.js";
import { wrongCode, type TotpFactors } from "./totp-factors.js";

const TABLE = "rbac/two-factor-challenges";
/** A password sign-in waits this long for its code. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before it is dead. */
export const CHALLENGE_MAX_FAILURES = 5;
/**
 * Wrong codes a subject's challenges of the last SUBJECT_WINDOW_MS take together before every
 * code is refused (429): whoever has the password cannot get five more guesses by signing in
 * again, from however many addresses.
 */
export const SUBJECT_MAX_FAILURES = 10;
export const SUBJECT_WINDOW_MS = 15 * 60 * 1000;

const deadToken = () => new AppError("AUTHENTICATION_ERROR", "the sign-in has expired or is used up: sign in again");
const tooMany = () =>
  new AppError("RATE_LIMIT", "too many wrong codes for this account: wait a quarter of an hour and sign in again");

/**
 * The second step of a password sign-in. The token (32 random bytes) is handed out once and stored
 * as a keyed hash; it names its subject, lives CHALLENGE_TTL_MS, and is spent by the first right
 * code. Wrong codes are counted on the row, which the check locks (SELECT … FOR UPDATE), so
 * concurrent guesses are counted one by one.
 */
export class SignInChallenges {
  constructor(
    private readonly db: ModelQueries,
    private readonly box: SecretBox,
    private readonly factors: TotpFactors,
  ) {}

  async issue(subjectId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = this.factors.now();
    // createdAt from the same clock as expiresAt: the subject's window is read against it.
    await this.db
      .insertInto(TABLE)
      .values({
        subjectId,
        tokenHash: this.box.hash(token),
        createdAt: new Date(now),
        expiresAt: new Date(now + CHALLENGE_TTL_MS),
      })
      .execute();
    return token;
  }

  /** The subject signing in, once `code` is right; a 401 for a wrong code or dead token, a 429 past the subject's limit. */
  complete(token: string, code: string): Promise<string> {
    return this.completeWith(token, (subjectId, trx) => this.factors.spend(subjectId, code, trx), wrongCode);
  }

  /** The subject of a token still waiting for its second step (a passkey's options are made for it); a 401 when dead. */
  async liveSubject(token: string): Promise<string> {
    const row = await this.db
      .selectFrom(TABLE)
      .select(["subjectId", "expiresAt", "usedAt", "failures"])
      .where("tokenHash", "=", this.box.hash(token))
      .executeTakeFirst();
    const now = this.factors.now();
    if (!row || row.usedAt || row.expiresAt.getTime() <= now || (row.failures ?? 0) >= CHALLENGE_MAX_FAILURES)
      throw deadToken();
    return row.subjectId;
  }

  /**
   * `complete` with another proof than a code (a passkey, server/modules/rbac/passkeys/): the same
   * token, expiry and failure counts; a false proof counts as a wrong code and throws `wrong()`.
   */
  async completeWith(
    token: string,
    proof: (subjectId: string, trx: ModelQueries) => Promise<boolean>,
    wrong: () => Error,
  ): Promise<string> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const now = this.factors.now();
      const row = await trx
        .selectFrom(TABLE)
        .select(["id", "subjectId", "expiresAt", "usedAt", "failures"])
        .where("tokenHash", "=", this.box.hash(token))
        .forUpdate()
        .executeTakeFirst();
      const failures = row?.failures ?? 0;
      if (!row || row.usedAt || row.expiresAt.getTime() <= now || failures >= CHALLENGE_MAX_FAILURES)
        return "dead" as const;
      if ((await this.recentFailures(trx, row.subjectId, now)) >= SUBJECT_MAX_FAILURES) return "limited" as const;
      if (await proof(row.subjectId, trx)) {
        await trx
          .updateTable(TABLE)
          .set({ usedAt: new Date(now) })
          .where("id", "=", row.id)
          .execute();
        return { subjectId: row.subjectId };
      }
      // Committed with the transaction: the wrong code counts even though the answer is an error.
      await trx
        .updateTable(TABLE)
        .set({ failures: failures + 1 })
        .where("id", "=", row.id)
        .execute();
      return "wrong" as const;
    });
    if (outcome === "dead") throw deadToken();
    if (outcome === "limited") throw tooMany();
    if (outcome === "wrong") throw wrong();
    return outcome.subjectId;
  }

  private async recentFailures(trx: ModelQueries, subjectId: string, now: number): Promise<number> {
    const row = await trx
      .selectFrom(TABLE)
      .select((eb) => eb.fn.sum<string | null>("failures").as("failures"))
      .where("subjectId", "=", subjectId)
      .where("createdAt", ">", new Date(now - SUBJECT_WINDOW_MS))
      .executeTakeFirstOrThrow();
    return Number(row.failures ?? 0);
  }
}

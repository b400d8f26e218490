import { createHash, randomBytes } from "node:crypto";
import { AppError } from "../../../../engine/errors.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";

const TABLE = "rbac/passkey-challenges";
/** How long a ceremony may take: the options' `timeout` says the same to the browser. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type Ceremony = "registration" | "authentication";

const hashOf = (challenge: string) => createHash("sha256").update(challenge).digest("hex");
const refused = () =>
  new AppError("AUTHENTICATION_ERROR", "the passkey challenge was already used, expired, or not issued for this");

/**
 * WebAuthn challenges issued by this server: 32 random bytes, stored only as a SHA-256 hash with
 * the ceremony (and, for a registration, the subject) it was made for. Spending one is a single
 * conditional update, so a replayed answer, two answers at once, an expired challenge or one made
 * for another ceremony or subject finds no row and is refused.
 */
export class PasskeyChallenges {
  constructor(private readonly db: ModelQueries) {}

  async issue(ceremony: Ceremony, subjectId: string | null): Promise<string> {
    const challenge = randomBytes(32).toString("base64url");
    // Ended challenges go as new ones come: anonymous sign-in options would otherwise pile up.
    await this.db.deleteFrom(TABLE).where("expiresAt", "<", new Date()).execute();
    await this.db
      .insertInto(TABLE)
      .values({
        challengeHash: hashOf(challenge),
        ceremony,
        subjectId,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      })
      .execute();
    return challenge;
  }

  /**
   * Marks the challenge used, before the answer's signature is even checked: an attempt spends
   * it whatever its outcome. `subjectId` null means a challenge issued to nobody in particular;
   * `db` the caller's transaction, when it has one.
   */
  async spend(challenge: string, ceremony: Ceremony, subjectId: string | null, db = this.db): Promise<void> {
    let query = db
      .updateTable(TABLE)
      .set({ usedAt: new Date() })
      .where("challengeHash", "=", hashOf(challenge))
      .where("ceremony", "=", ceremony)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", new Date());
    query = subjectId === null ? query.where("subjectId", "is", null) : query.where("subjectId", "=", subjectId);
    if (!(await query.returning("id").executeTakeFirst())) throw refused();
  }
}

/**
 * The challenge as the options carry it: bytes, which the library writes as base64url, so the
 * browser signs exactly the text issued (a string would be taken as UTF-8 and encoded again).
 */
export const bytesOf = (challenge: string) => new Uint8Array(Buffer.from(challenge, "base64url"));

/** The challenge an answer signed, read from its clientDataJSON (checked again by the verifier). */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    if (typeof data.challenge === "string" && data.challenge) return data.challenge;
  } catch {
    // Falls through to the refusal: not JSON is as unusable as no challenge.
  }
  throw new AppError("AUTHENTICATION_ERROR", "the passkey's answer names no challenge");
}

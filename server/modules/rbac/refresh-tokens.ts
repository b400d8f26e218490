import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { AppError } from "../../../engine/errors.js";

const TABLE = "rbac_refresh_tokens";
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface IssuedRefresh {
  token: string;
  familyId: string;
}

const invalid = () => new AppError("AUTHENTICATION_ERROR", "the refresh token is invalid, expired or revoked");

/**
 * Refresh tokens: 32 random bytes, stored only as a SHA-256 hash. Each use rotates the token
 * (the old one is marked used, a new one of the same family is issued); presenting a used token
 * again means it was stolen or replayed, so the whole family is revoked.
 */
export class RefreshTokens {
  constructor(
    private readonly db: Kysely<any>,
    readonly ttlSeconds: number,
  ) {}

  async issue(subjectId: string, familyId: string = randomUUID(), db: Kysely<any> = this.db): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString("base64url");
    await db
      .insertInto(TABLE)
      .values({ subjectId, familyId, tokenHash: hashOf(token), expiresAt: new Date(Date.now() + this.ttlSeconds * 1000).toISOString() })
      .execute();
    return { token, familyId };
  }

  /** Spends the token and issues its successor; throws Authentication error for any bad token. */
  async rotate(token: string): Promise<{ subjectId: string } & IssuedRefresh> {
    return this.db.transaction().execute(async (trx) => {
      // Only one concurrent use can mark an unused token used; the other sees no row and fails.
      const spent = await trx
        .updateTable(TABLE)
        .set({ usedAt: new Date().toISOString() })
        .where("tokenHash", "=", hashOf(token))
        .where("usedAt", "is", null)
        .where("revokedAt", "is", null)
        .where("expiresAt", ">", new Date().toISOString())
        .returning(["subjectId", "familyId"])
        .executeTakeFirst();
      if (spent) return { subjectId: spent.subjectId, ...(await this.issue(spent.subjectId, spent.familyId, trx)) };
      const known = await trx.selectFrom(TABLE).select(["familyId", "usedAt"]).where("tokenHash", "=", hashOf(token)).executeTakeFirst();
      if (known?.usedAt) await this.revokeFamily(known.familyId, trx);
      return undefined;
    }).then((result) => {
      if (!result) throw invalid();
      return result;
    });
  }

  async revokeFamily(familyId: string, db: Kysely<any> = this.db) {
    await db.updateTable(TABLE).set({ revokedAt: new Date().toISOString() }).where("familyId", "=", familyId).where("revokedAt", "is", null).execute();
  }

  /** Signs the subject out everywhere: on password change and reset. */
  async revokeSubject(subjectId: string, db: Kysely<any> = this.db) {
    await db.updateTable(TABLE).set({ revokedAt: new Date().toISOString() }).where("subjectId", "=", subjectId).where("revokedAt", "is", null).execute();
  }

  /** The family a token belongs to, if the token is known. */
  async familyOf(token: string): Promise<string | undefined> {
    const row = await this.db.selectFrom(TABLE).select("familyId").where("tokenHash", "=", hashOf(token)).executeTakeFirst();
    return row?.familyId;
  }
}

import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { AppError } from "../../../engine/errors.js";
import type { ChangeFeed } from "../../../engine/query/change-feed.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import { REFRESH_TOKENS } from "./revoked-sessions.js";

const TABLE = "rbac/refresh-tokens";
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface IssuedRefresh {
  token: string;
  familyId: string;
  /** When the stored token was issued and expires (ms since the epoch): the JWT handed out says the same. */
  issuedAtMs: number;
  expiresAtMs: number;
}

const invalid = () => new AppError("AUTHENTICATION_ERROR", "the refresh token is invalid, expired or revoked");

/**
 * Refresh tokens: 32 random bytes, stored only as a SHA-256 hash. Each use rotates the token
 * (the old one is marked used, a new one of the same family is issued); presenting a used token
 * again means it was stolen or replayed, so the whole family is revoked. Every revocation is
 * announced on the change feed once committed, so each instance's RevokedSessions refuses the
 * session JWTs of that sign-in from then on.
 */
export class RefreshTokens {
  constructor(
    private readonly db: ModelQueries,
    readonly ttlSeconds: number,
    private readonly changes: ChangeFeed,
  ) {}

  async issue(subjectId: string, familyId: string = randomUUID(), db: ModelQueries = this.db): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString("base64url");
    const issuedAtMs = Date.now();
    const expiresAtMs = issuedAtMs + this.ttlSeconds * 1000;
    await db
      .insertInto(TABLE)
      .values({ subjectId, familyId, tokenHash: hashOf(token), expiresAt: new Date(expiresAtMs) })
      .execute();
    return { token, familyId, issuedAtMs, expiresAtMs };
  }

  /** Spends the token and issues its successor; throws Authentication error for any bad token. */
  async rotate(token: string): Promise<{ subjectId: string } & IssuedRefresh> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        // Only one concurrent use can mark an unused token used; the other sees no row and fails.
        const spent = await trx
          .updateTable(TABLE)
          .set({ usedAt: new Date() })
          .where("tokenHash", "=", hashOf(token))
          .where("usedAt", "is", null)
          .where("revokedAt", "is", null)
          .where("expiresAt", ">", new Date())
          .returning(["subjectId", "familyId"])
          .executeTakeFirst();
        if (spent) return { subjectId: spent.subjectId, ...(await this.issue(spent.subjectId, spent.familyId, trx)) };
        const known = await trx
          .selectFrom(TABLE)
          .select(["familyId", "usedAt"])
          .where("tokenHash", "=", hashOf(token))
          .executeTakeFirst();
        if (known?.usedAt) {
          await revokeWhere(trx, "familyId", known.familyId);
          return "replayed" as const;
        }
        return undefined;
      })
      .then((result) => {
        if (result === "replayed") this.changes.publish(REFRESH_TOKENS);
        if (!result || result === "replayed") throw invalid();
        return result;
      });
  }

  /** Ends one sign-in (logout). */
  async revokeFamily(familyId: string) {
    await revokeWhere(this.db, "familyId", familyId);
    this.changes.publish(REFRESH_TOKENS);
  }

  /**
   * Signs the subject out everywhere (password change and reset), in the caller's transaction:
   * written through the repository, so the revocation is announced when that transaction commits.
   */
  async revokeSubject(subjectId: string, repository: RepositoryLookup, trx: ModelQueries) {
    const live = await trx
      .selectFrom(TABLE)
      .select("id")
      .where("subjectId", "=", subjectId)
      .where("revokedAt", "is", null)
      .execute();
    await repository(REFRESH_TOKENS).updateMany(
      live.map((r) => r.id),
      { revokedAt: new Date().toISOString() },
      { trusted: true },
    );
  }

  /** The family a token belongs to, if the token is known. */
  async familyOf(token: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom(TABLE)
      .select("familyId")
      .where("tokenHash", "=", hashOf(token))
      .executeTakeFirst();
    return row?.familyId;
  }
}

const revokeWhere = (db: ModelQueries, column: "familyId", value: string) =>
  db
    .updateTable(TABLE)
    .set({ revokedAt: new Date() })
    .where(column, "=", value)
    .where("revokedAt", "is", null)
    .execute();

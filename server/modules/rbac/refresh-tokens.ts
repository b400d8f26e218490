import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { AppError } from "../../../engine/errors.js";
import type { ChangeFeed } from "../../../engine/query/change-feed.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import { REFRESH_TOKENS } from "./revoked-sessions.js";
import type { Device } from "./devices/device.js";

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

  /**
   * A new token: of a new sign-in, or (rotation) of the spent one's family, which keeps when the
   * sign-in began. The device is that of the request making it, so the newest token of a family
   * says where the sign-in was last renewed from (the list of signed-in devices, signed-in-devices.ts).
   */
  async issue(
    subjectId: string,
    familyId: string = randomUUID(),
    db: ModelQueries = this.db,
    origin: { device?: Device; signedInAt?: Date } = {},
  ): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString("base64url");
    const issuedAtMs = Date.now();
    const expiresAtMs = issuedAtMs + this.ttlSeconds * 1000;
    await db
      .insertInto(TABLE)
      .values({
        subjectId,
        familyId,
        tokenHash: hashOf(token),
        expiresAt: new Date(expiresAtMs),
        signedInAt: origin.signedInAt ?? new Date(issuedAtMs),
        userAgent: origin.device?.userAgent ?? null,
        address: origin.device?.address ?? null,
      })
      .execute();
    return { token, familyId, issuedAtMs, expiresAtMs };
  }

  /** Spends the token and issues its successor; throws Authentication error for any bad token. */
  async rotate(token: string, device?: Device): Promise<{ subjectId: string } & IssuedRefresh> {
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
          .returning(["subjectId", "familyId", "signedInAt", "createdAt", "userAgent", "address"])
          .executeTakeFirst();
        if (spent) {
          // A token made before devices were recorded: its sign-in began no later than it was made.
          const signedInAt = new Date(spent.signedInAt ?? spent.createdAt);
          const origin = { signedInAt, device: device ?? { userAgent: spent.userAgent, address: spent.address } };
          return { subjectId: spent.subjectId, ...(await this.issue(spent.subjectId, spent.familyId, trx, origin)) };
        }
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
   * Ends the subject's sign-ins named by `only` (one device signed out from the list), or all but
   * `except` (sign out everywhere else): how many were still alive. Only the subject's own rows are
   * touched, so another subject's sign-in id ends nothing.
   */
  async revokeOfSubject(subjectId: string, which: { only: string } | { except?: string }): Promise<number> {
    let query = this.db
      .updateTable(TABLE)
      .set({ revokedAt: new Date() })
      .where("subjectId", "=", subjectId)
      .where("revokedAt", "is", null);
    if ("only" in which) query = query.where("familyId", "=", which.only);
    else if (which.except) query = query.where("familyId", "!=", which.except);
    const ended = await query
      .where("usedAt", "is", null)
      .where("expiresAt", ">", new Date())
      .returning("familyId")
      .execute();
    // The family's spent tokens too, so nothing of it stays unrevoked (a replay of one is refused either way).
    const families = [...new Set(ended.map((r) => r.familyId))];
    if (families.length > 0) {
      await this.db
        .updateTable(TABLE)
        .set({ revokedAt: new Date() })
        .where("familyId", "in", families)
        .where("revokedAt", "is", null)
        .execute();
      this.changes.publish(REFRESH_TOKENS);
    }
    return families.length;
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

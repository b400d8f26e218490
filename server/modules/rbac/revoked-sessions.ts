import type { FastifyBaseLogger } from "fastify";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { EVERYTHING, type ChangeFeed } from "../../../engine/query/change-feed.js";

export const REFRESH_TOKENS = "rbac/refresh-tokens";

/** Clocks of instances differ a little: a revocation is remembered this much longer. */
const CLOCK_MARGIN_SECONDS = 60;

/**
 * The sign-ins (refresh-token families, a JWT's `sid`) revoked recently enough that a session
 * JWT naming one may still be unexpired. Kept in memory and reloaded when refresh tokens are
 * revoked — here, or on another instance (the change feed crosses instances with LISTEN/NOTIFY
 * on PostgreSQL) — so checking a token never costs a query. A check made while a reload runs
 * waits for it: a token is refused from the moment its revocation is committed.
 */
export class RevokedSessions {
  private revoked = new Set<string>();
  private loading?: Promise<void>;
  /** A revocation arrived while a reload was running: that reload may have missed it. */
  private stale = false;

  constructor(
    private readonly db: ModelQueries,
    /** ACCESS_TOKEN_TTL_SECONDS: an older revocation can only name expired tokens. */
    private readonly tokenTtlSeconds: number,
    changes: ChangeFeed,
    private readonly log: FastifyBaseLogger,
  ) {
    changes.subscribe(
      (model) => {
        if (model === REFRESH_TOKENS || model === EVERYTHING) void this.reload().catch(() => undefined);
      },
      [REFRESH_TOKENS],
    );
  }

  /** True when the sign-in was revoked; waits for a reload in progress. */
  async isRevoked(signInId: string): Promise<boolean> {
    if (this.loading) await this.loading.catch(() => undefined);
    return this.revoked.has(signInId);
  }

  /** Reads the recent revocations again; one reload at a time, and one more if asked meanwhile. */
  reload(): Promise<void> {
    if (this.loading) {
      this.stale = true;
      return this.loading;
    }
    const run = async () => {
      do {
        this.stale = false;
        this.revoked = await this.query();
      } while (this.stale);
    };
    const loading = run()
      .catch((err) => {
        // The previous set stays: revocations known so far still count.
        this.log.error({ err }, "revoked sessions could not be reloaded");
        throw err;
      })
      .finally(() => {
        this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  private async query(): Promise<Set<string>> {
    const since = new Date(Date.now() - (this.tokenTtlSeconds + CLOCK_MARGIN_SECONDS) * 1000);
    const rows = await this.db
      .selectFrom("rbac/refresh-tokens")
      .select("familyId")
      .distinct()
      .where("revokedAt", ">", since)
      .execute();
    return new Set(rows.map((r) => r.familyId));
  }
}

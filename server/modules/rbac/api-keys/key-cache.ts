import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { EVERYTHING, type ChangeFeed } from "../../../../engine/query/change-feed.js";
import { compileScopes, type ScopeCheck } from "./key-scopes.js";

export const API_KEYS = "rbac/api-keys";
/** A subject deleted takes its keys with it (the foreign key cascades). */
const SUBJECTS = "rbac/subjects";
const CACHE_LIMIT = 10_000;

/** A key as a request needs it: whose it is, what it may, and whether it still counts. */
export interface ResolvedKey {
  id: string;
  subjectId: string;
  allows: ScopeCheck;
  expiresAtMs?: number;
  revoked: boolean;
  /** When its use was last written (ms); undefined when never used. */
  lastUsedAtMs?: number;
}

/**
 * The keys met so far, by hash, so a request with a key costs no query once the key is known.
 * Dropped whenever a key is revoked or a subject deleted — here, or on another instance (the
 * change feed crosses instances with LISTEN/NOTIFY on PostgreSQL), as RevokedSessions is
 * reloaded. A lookup that began before a revocation is not kept (the generation moved on), so a
 * revoked key cannot come back into the cache from a read made just before.
 */
export class KeyCache {
  private readonly keys = new Map<string, ResolvedKey>();
  private generation = 0;

  constructor(
    private readonly db: ModelQueries,
    changes: ChangeFeed,
  ) {
    changes.subscribe(
      (model) => {
        if (model === API_KEYS || model === SUBJECTS || model === EVERYTHING) this.clear();
      },
      [API_KEYS, SUBJECTS],
    );
  }

  clear() {
    this.generation++;
    this.keys.clear();
  }

  /** The key with this hash, or undefined when none was ever made. */
  async lookup(keyHash: string): Promise<ResolvedKey | undefined> {
    const known = this.keys.get(keyHash);
    if (known) return known;
    const generation = this.generation;
    const row = await this.db
      .selectFrom(API_KEYS)
      .select(["id", "subjectId", "scopes", "expiresAt", "revokedAt", "lastUsedAt"])
      .where("keyHash", "=", keyHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const key: ResolvedKey = {
      id: row.id,
      subjectId: row.subjectId,
      allows: compileScopes(Array.isArray(row.scopes) ? row.scopes : []),
      expiresAtMs: row.expiresAt ? new Date(row.expiresAt).getTime() : undefined,
      revoked: !!row.revokedAt,
      lastUsedAtMs: row.lastUsedAt ? new Date(row.lastUsedAt).getTime() : undefined,
    };
    if (generation === this.generation) {
      if (this.keys.size >= CACHE_LIMIT) this.keys.clear();
      this.keys.set(keyHash, key);
    }
    return key;
  }
}

import type { AuditTrail } from "../../../../engine/audit/audit-trail.js";
import { sql } from "kysely";
import { AppError } from "../../../../engine/errors.js";
import type { ChangeFeed } from "../../../../engine/query/change-feed.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { BackgroundWork } from "../../../background-work.js";
import { API_KEYS, KeyCache, type ResolvedKey } from "./key-cache.js";
import { KeyMaterial } from "./key-material.js";
import type { CreatedApiKey, KeyScope, ListedApiKey } from "../../../../common/account/api-keys.js";

/** Live keys (neither revoked nor expired) a subject may hold at once. */
export const MAX_LIVE_KEYS = 20;
/** A key's use is written at most this often: a write per request would cost more than the request. */
export const LAST_USED_EVERY_MS = 60_000;

/** A key as GET …/api-keys lists it: never the key itself. */
export type ListedKey = ListedApiKey;

export interface NewKey {
  title: string;
  scopes: KeyScope[];
  expiresAt?: string;
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const LISTED = ["id", "title", "prefix", "scopes", "expiresAt", "createdAt", "lastUsedAt"] as const;

/** Personal API keys (docs/security.md "API keys"): made, listed, revoked, and recognised on a request. */
export class ApiKeys {
  private readonly material: KeyMaterial;
  private readonly cache: KeyCache;
  /** The audit log: a key made or revoked is recorded in its transaction (rbac-services.ts sets it). */
  audit?: AuditTrail;

  constructor(
    private readonly db: ModelQueries,
    secret: string,
    private readonly changes: ChangeFeed,
    private readonly background: BackgroundWork,
  ) {
    this.material = new KeyMaterial(secret);
    this.cache = new KeyCache(db, changes);
  }

  /** A new key for the subject: the only time the key itself is answered. 409 beyond MAX_LIVE_KEYS. */
  async create(subjectId: string, input: NewKey): Promise<CreatedApiKey> {
    const { key, keyHash, prefix } = this.material.create();
    const row = await this.db.transaction().execute(async (trx) => {
      // The subject's row locked: two creations at once cannot both pass the count.
      await trx.selectFrom("rbac/subjects").select("id").where("id", "=", subjectId).forUpdate().executeTakeFirst();
      const now = new Date();
      const { live } = await trx
        .selectFrom(API_KEYS)
        .select((eb) => eb.fn.countAll<string>().as("live"))
        .where("subjectId", "=", subjectId)
        .where("revokedAt", "is", null)
        .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
        .executeTakeFirstOrThrow();
      if (Number(live) >= MAX_LIVE_KEYS)
        throw new AppError("CONFLICT", `a subject holds at most ${MAX_LIVE_KEYS} API keys: revoke one first`);
      const made = await trx
        .insertInto(API_KEYS)
        .values({
          subjectId,
          title: input.title,
          keyHash,
          prefix,
          scopes: sql<KeyScope[]>`${JSON.stringify(input.scopes)}::jsonb`,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        } as never)
        .returning(LISTED)
        .executeTakeFirstOrThrow();
      // The key's hash is never in an entry: its title, prefix, scopes and expiry say which key it is.
      await this.audit?.record(trx, [
        {
          model: API_KEYS,
          recordId: made.id,
          action: "create",
          changes: {
            subjectId: [null, subjectId],
            title: [null, input.title],
            prefix: [null, prefix],
            scopes: [null, input.scopes],
            expiresAt: [null, input.expiresAt ?? null],
          },
        },
      ]);
      return made;
    });
    return { ...listed(row), key };
  }

  /** The subject's keys not revoked (expired ones too, so a person sees why one stopped), newest first. */
  async list(subjectId: string): Promise<ListedKey[]> {
    const rows = await this.db
      .selectFrom(API_KEYS)
      .select(LISTED)
      .where("subjectId", "=", subjectId)
      .where("revokedAt", "is", null)
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .execute();
    return rows.map(listed);
  }

  /** Revokes the key on every instance from now on; false when the subject has no such live key. */
  async revoke(subjectId: string, keyId: string): Promise<boolean> {
    const revokedAt = new Date();
    const revoked = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable(API_KEYS)
        .set({ revokedAt })
        .where("id", "=", keyId)
        .where("subjectId", "=", subjectId)
        .where("revokedAt", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await this.audit?.record(trx, [
        { model: API_KEYS, recordId: keyId, action: "revoke", changes: { revokedAt: [null, revokedAt.toISOString()] } },
      ]);
      return true;
    });
    if (!revoked) return false;
    this.changes.publish(API_KEYS);
    return true;
  }

  /** The key a request carries, when it exists, is not revoked and has not expired; its use is noted. */
  async authenticate(key: string): Promise<ResolvedKey | undefined> {
    const found = await this.cache.lookup(this.material.hash(key));
    const now = Date.now();
    if (!found || found.revoked || (found.expiresAtMs !== undefined && found.expiresAtMs <= now)) return undefined;
    if (found.lastUsedAtMs === undefined || now - found.lastUsedAtMs >= LAST_USED_EVERY_MS) {
      found.lastUsedAtMs = now;
      this.background.run("API key last use", () => this.noteUse(found.id, now));
    }
    return found;
  }

  /** Written only when the stored time is a minute old, so instances that each noted a use write once between them. */
  private noteUse(id: string, now: number) {
    return this.db
      .updateTable(API_KEYS)
      .set({ lastUsedAt: new Date(now) })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", new Date(now - LAST_USED_EVERY_MS))]))
      .execute();
  }
}

function listed(row: {
  id: string;
  title: string;
  prefix: string;
  scopes: unknown;
  expiresAt: Date | string | null;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}): ListedKey {
  return {
    id: row.id,
    title: row.title,
    prefix: row.prefix,
    scopes: (Array.isArray(row.scopes) ? row.scopes : []) as KeyScope[],
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt)!,
    lastUsedAt: iso(row.lastUsedAt),
  };
}

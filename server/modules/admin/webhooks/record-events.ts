import type { WriteAction } from "../../../../engine/audit/audit-trail.js";
import type { AnyModelDb } from "../../../../engine/query/any-model-db.js";
import { modelQueries } from "../../../../engine/query/model-tables.js";
import type { Repositories } from "../../../../engine/query/repositories.js";
import type { WriteListener } from "../../../../engine/query/write-listeners.js";
import type { Model } from "../../../../engine/schema/model.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { matches, PUBLISH_ACTIONS, RECORD_ACTIONS } from "../../../../common/admin/webhook-events.js";
import { subscribers, writeDeliveries } from "./webhook-outbox.js";

const PAST: Record<WriteAction, (typeof RECORD_ACTIONS)[number]> = {
  create: "created",
  update: "updated",
  delete: "deleted",
};

/** `blog.articles.updated` for `blog/articles`. */
export const recordEventType = (modelId: string, action: string) => `${modelId.replace("/", ".")}.${action}`;

/** The record event types (`blog.articles.created`, …) some of these patterns take. */
export function recordTypesFor(registry: Registry, patterns: Iterable<string>): Set<string> {
  const wanted = [...patterns];
  const types = new Set<string>();
  for (const model of registry.exposed) {
    const actions = model.published ? [...RECORD_ACTIONS, ...PUBLISH_ACTIONS] : RECORD_ACTIONS;
    for (const action of actions) {
      const type = recordEventType(model.id, action);
      if (wanted.some((pattern) => matches(pattern, type))) types.add(type);
    }
  }
  return types;
}

/** The patterns of webhook rows that are active (an `events` that is not a list of strings takes nothing). */
export function activePatterns(rows: { active?: unknown; events?: unknown }[]): string[] {
  return rows
    .filter((row) => row.active === true && Array.isArray(row.events))
    .flatMap((row) => (row.events as unknown[]).filter((p): p is string => typeof p === "string"));
}

/**
 * Record events (docs/webhooks.md "Record events"): `{module}.{entity}.created|updated|deleted` of
 * every write through a model's repository, and `.published|.unpublished` of drafted records,
 * queued in the write's own transaction to each active webhook whose patterns take them.
 *
 * A write listener costs every write of its model a transaction, so one is attached only to the
 * repositories of models some active webhook subscribes to, and detached when none does: `types`
 * is what the active webhooks' patterns take, read again after each committed change of
 * admin/webhooks (here, and on the other instances through the change feed). A webhook's own write
 * widens it before its commit, so a subscription takes effect here at once. Who receives an event
 * is read in the write's transaction, so a webhook turned off or deleted gets nothing from then on.
 */
export class RecordEvents {
  /** The record event types some active webhook takes. */
  private types = new Set<string>();
  /** Model id → removes its listener. */
  private readonly attached = new Map<string, () => void>();
  private loading: Promise<void> = Promise.resolve();
  private reloadQueued = false;
  /** Widenings since start: a read that began before one must not narrow what it added. */
  private widenings = 0;
  /** Some event was queued since the last wake: the queue is woken after the commit. */
  private queued = false;

  constructor(
    private readonly registry: Registry,
    private readonly repositories: Repositories,
    private readonly publishedRepositories: Repositories,
    private readonly db: AnyModelDb,
    private readonly wake: () => void,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** The models whose repositories have the record events' listener, for tests and the docs' promise. */
  attachedModels(): string[] {
    return [...this.attached.keys()].sort();
  }

  /** Reads the active webhooks again (coalesced: one read waiting covers every call made meanwhile). */
  refresh(): Promise<void> {
    if (!this.reloadQueued) {
      this.reloadQueued = true;
      this.loading = this.loading
        .then(async () => {
          this.reloadQueued = false;
          const since = this.widenings;
          const rows = await modelQueries(this.db, this.registry)
            .selectFrom("admin/webhooks")
            .select(["active", "events"])
            .where("active", "=", true)
            .execute();
          const exact = recordTypesFor(this.registry, activePatterns(rows));
          this.apply(since === this.widenings ? exact : new Set([...exact, ...this.types]));
        })
        .catch(this.logError);
    }
    return this.loading;
  }

  /** Settles once the reads asked for so far are applied. */
  idle(): Promise<void> {
    return this.loading;
  }

  /** A webhook written (not yet committed): what its patterns take is listened to from now on. */
  widen(patterns: string[]): void {
    const more = recordTypesFor(this.registry, patterns);
    if ([...more].every((type) => this.types.has(type))) return;
    this.widenings++;
    this.apply(new Set([...this.types, ...more]));
  }

  /** After a commit of anything: wakes the queue if a record event was queued since the last wake. */
  committed(): void {
    if (!this.queued) return;
    this.queued = false;
    this.wake();
  }

  /** Publisher's listener: `.published` with the published copy after a publish, `.unpublished` with it before it goes. */
  async publication(trx: AnyModelDb, action: "publish" | "unpublish", model: Model, id: string): Promise<void> {
    const type = recordEventType(model.id, action === "publish" ? "published" : "unpublished");
    if (!this.types.has(type)) return;
    const queries = modelQueries(trx, this.registry);
    const webhookIds = await subscribers(queries, type);
    if (webhookIds.length === 0) return;
    const published = this.publishedRepositories.get(model.id)!.within({ trx, touched: new Set() });
    const [record] = await published.listByIds([id]);
    if (!record) return;
    await writeDeliveries(queries, webhookIds, { type, data: record });
    this.queued = true;
  }

  private apply(types: Set<string>): void {
    this.types = types;
    for (const model of this.registry.exposed) {
      const wanted = RECORD_ACTIONS.some((action) => types.has(recordEventType(model.id, action)));
      const remove = this.attached.get(model.id);
      if (wanted && !remove)
        this.attached.set(model.id, this.repositories.get(model.id)!.onWrite(this.listener(model)));
      else if (!wanted && remove) {
        remove();
        this.attached.delete(model.id);
      }
    }
  }

  /**
   * One event per record written, with the row the write answered (its visible columns: hidden
   * fields never leave the server), to the active webhooks the transaction reads as subscribed.
   */
  private listener(model: Model): WriteListener {
    return async (db, { action, rows }) => {
      if (rows.length === 0) return;
      const type = recordEventType(model.id, PAST[action]);
      const queries = modelQueries(db, this.registry);
      const webhookIds = await subscribers(queries, type);
      if (webhookIds.length === 0) return;
      for (const row of rows) await writeDeliveries(queries, webhookIds, { type, data: row });
      this.queued = true;
    };
  }
}

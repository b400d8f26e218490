import type { Database } from "../../engine/db/open-database.js";
import { notFound } from "../../engine/errors.js";
import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import type { ChangeFeed } from "../../engine/query/change-feed.js";
import { mapDatabaseError, type ConstraintIndex } from "../../engine/query/db-errors.js";
import { draftTree, joinTrees, type Tree } from "../../engine/query/draft-tree.js";
import type { SnapshotRow } from "../../engine/query/snapshots.js";
import { ownedPublishedTree } from "../../engine/query/owned-tree.js";
import {
  dropPublished,
  publicationStates,
  publishRows,
  unpublishRows,
  type Publication,
} from "../../engine/query/publishing.js";
import { RelationGraph } from "../../engine/query/relation-graph.js";
import type { Repository } from "../../engine/query/repository.js";
import type { Model } from "../../engine/schema/model.js";
import type { Registry } from "../../engine/schema/registry.js";
import type { VersionHistory } from "./version-history.js";
import type { AuditTrail } from "../../engine/audit/audit-trail.js";
import { PublicationSchedules } from "./schedules.js";
import { changedRoots, changedTrees, TREE_STATE_MODELS } from "./tree-states.js";
import { decidedAhead, permittedTree, type MayPublish } from "./tree-permissions.js";
import { LIST_VARIANTS } from "../site/list-variants.js";

/** Models a list widget shows (all products, newest articles): they stand on the site by themselves. */
const CATALOGUE = new Set(Object.values(LIST_VARIANTS).flatMap((variants) => Object.values(variants)));
const standsAlone = (model: string) => CATALOGUE.has(model);

/**
 * Told of a record's publish (after its tree is published) or unpublish (before its published copy
 * goes), inside that transaction: the webhooks module queues `.published` / `.unpublished` so.
 */
/**
 * Roots inside a record's tree that its publish leaves as they are unless asked (a page's reusable
 * blocks, shared with other pages: server/site/host/blocks/reusable-hold.ts): `{ model: ids }`.
 */
export type TreeHold = (db: AnyModelDb, id: string, version?: VersionTree) => Promise<Tree>;

/** A version's tree (its snapshot's rows by model): a restore holds back what it placed too. */
export type VersionTree = Record<string, SnapshotRow[]>;

/** How a publish treats held roots: left as they are (the default), or published with the tree (`all`). */
export interface PublishOptions {
  all?: boolean;
}

export type PublicationListener = (
  trx: AnyModelDb,
  change: { action: "publish" | "unpublish"; model: Model; id: string },
) => Promise<void>;

/**
 * Publishing x-drafts records (docs/drafts.md): a record with the tree it owns, in one
 * transaction; taking one off the site; and what a save does to the published copy when it
 * publishes at once (`?publish=true`, DRAFTS=off) or deletes an entity.
 */
export class Publisher {
  private readonly graph: RelationGraph;
  /** Scheduled publishing: publishAt/unpublishAt, carried out by the jobs queue (schedules.ts). */
  readonly schedules: PublicationSchedules;
  /** The audit log: publishes, unpublishes, restores and schedules are recorded in their transactions. */
  private audit?: AuditTrail;
  private readonly publicationListeners: PublicationListener[] = [];
  /** Models a database trigger writes when a model's records are published (alsoChangesOnPublish). */
  private readonly publishedAlso = new Map<string, string[]>();
  /** Per model, the roots its publish holds back (holdBack). */
  private readonly holds = new Map<string, TreeHold>();

  constructor(
    private readonly registry: Registry,
    private readonly database: Database,
    private readonly constraints: ConstraintIndex,
    private readonly changes: ChangeFeed,
    /** DRAFTS=on: saves change the working copy only. */
    readonly drafts: boolean,
    /** Versions of x-drafts records: a publish records one of the root with its tree. */
    readonly versions?: VersionHistory,
  ) {
    this.graph = new RelationGraph(registry);
    this.schedules = new PublicationSchedules(registry, database);
  }

  /** Records publishes, unpublishes, restores and schedules in the audit log (docs/audit.md). */
  auditInto(trail: AuditTrail | undefined) {
    this.audit = trail;
    this.schedules.audit = trail;
    if (this.versions) this.versions.audit = trail;
  }

  /**
   * Publishing `modelId`'s records also changes `others` (a trigger on its published table writes
   * theirs: a page's new address rewrites the links to it): announced with it, so caches of them drop.
   */
  alsoChangesOnPublish(modelId: string, others: string[]) {
    this.publishedAlso.set(modelId, [...(this.publishedAlso.get(modelId) ?? []), ...others]);
  }

  /** The models a publish of these models changed: theirs, and what triggers wrote with them. */
  private announced(modelIds: Iterable<string>): Set<string> {
    const all = new Set<string>();
    for (const modelId of modelIds)
      for (const one of [modelId, ...(this.publishedAlso.get(modelId) ?? [])]) all.add(one);
    return all;
  }

  /**
   * A publish of `modelId`'s records leaves the roots `hold` names (and all reached only through
   * them) as they are, unless the caller asks for them (`{ all: true }`): a page's publish does not
   * publish a reusable block's change that every other page using it would show too.
   */
  holdBack(modelId: string, hold: TreeHold) {
    this.holds.set(modelId, hold);
  }

  /** The roots a publish of this record holds back: none when the caller asks for all, or the model holds none. */
  async heldOf(db: AnyModelDb, model: Model, id: string, options: PublishOptions = {}): Promise<Tree> {
    const hold = this.holds.get(model.id);
    return options.all || !hold ? new Map() : hold(db, id);
  }

  /**
   * The roots a restore of this record to a version leaves as they are: those it holds now or
   * that the version's tree placed (a reusable block since detached is still other pages').
   */
  async heldOnRestore(db: AnyModelDb, model: Model, id: string, version: VersionTree): Promise<Tree> {
    const hold = this.holds.get(model.id);
    return hold ? hold(db, id, version) : new Map();
  }

  /** Of the held roots, those whose own tree has unpublished changes (a publish's answer names them: `heldBack`). */
  async heldChanges(held: Tree): Promise<Tree> {
    const changed: Tree = new Map();
    for (const [modelId, ids] of held) {
      const found = await changedRoots(this.database.db, this.registry, this.graph, this.registry.get(modelId), [
        ...ids,
      ]);
      if (found.size > 0) changed.set(modelId, found);
    }
    return changed;
  }

  /** Adds a listener told of each publish and unpublish of a record (the route's, the editor's, a schedule's). */
  onPublication(listener: PublicationListener): void {
    this.publicationListeners.push(listener);
  }

  /**
   * Each working copy's publication with its schedule: two queries for all rows. A page (and a
   * layout) whose own row is as published is `changed` when a record of its tree is not
   * (tree-states.ts): a fixed number of statements more for the whole list.
   */
  async states(model: Model, rows: { id: string; updatedAt?: unknown }[]): Promise<Map<string, Publication>> {
    const [states, schedules] = await Promise.all([
      publicationStates(this.database.db, model, rows),
      this.schedules.of(
        model,
        rows.map((r) => r.id),
      ),
    ]);
    if (TREE_STATE_MODELS.has(model.id)) {
      const same = [...states].filter(([, s]) => s.state === "published").map(([id]) => id);
      for (const id of await changedTrees(this.database.db, this.registry, this.graph, model, same))
        states.set(id, { ...states.get(id)!, state: "changed" });
    }
    for (const [id, schedule] of schedules) {
      const state = states.get(id);
      if (state) states.set(id, { ...state, ...schedule });
    }
    return states;
  }

  /**
   * The drafted records a root owns, in its working copy and as published (removals included),
   * without the roots its publish holds back (holdBack) unless `options.all`.
   */
  async treeOf(db: AnyModelDb, model: Model, id: string, options: PublishOptions = {}): Promise<Tree> {
    const root = { model: model.id, id };
    const held = await this.heldOf(db, model, id, options);
    const [working, published] = await Promise.all([
      draftTree(db, this.registry, this.graph, root, "working", held),
      draftTree(db, this.registry, this.graph, root, "published", held),
    ]);
    return joinTrees(working, published);
  }

  /**
   * Publishes the record and every drafted record of its tree, all or nothing: a unique value
   * another published record holds (two pages at one url) refuses the whole tree with a 409.
   * The caches hear of each model once, after the commit. A `publish` version of the root (by
   * `subjectId`, null for the secret key or the server itself) is recorded in the same transaction.
   * `also` publishes, in that transaction, rows another record's tree holds that the caller takes
   * along (the product editor: the product's category links); it answers the models it wrote.
   */
  async publishTree(
    model: Model,
    id: string,
    subjectId: string | null = null,
    also?: (trx: AnyModelDb) => Promise<string[]>,
  ): Promise<Tree> {
    return (await this.publishTreeAs(model, id, subjectId, undefined, also)).tree;
  }

  /**
   * `publishTree` for a caller: only the records of the tree `may` allows are published; the rest
   * stay as they are, and `withheld` names those of them whose publish would have changed something.
   */
  async publishTreeAs(
    model: Model,
    id: string,
    subjectId: string | null,
    may?: MayPublish,
    also?: (trx: AnyModelDb) => Promise<string[]>,
    options: PublishOptions = {},
  ): Promise<{ tree: Tree; withheld: Tree; held: Tree }> {
    let withheld: Tree = new Map();
    let held: Tree = new Map();
    // Asked before the transaction (a scheduled publish's author has no request that read its roles).
    const decided = may && (await decidedAhead(await this.treeOf(this.database.db, model, id, options), may));
    const tree = await this.guard(() =>
      this.database.db.transaction().execute(async (trx) => {
        // Locked: two publishes (or a publish and a save) of one record take turns, versions in order.
        const exists = await trx
          .selectFrom(model.table)
          .select("id")
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst();
        if (!exists) throw notFound(`${model.title} ${id} was not found`);
        await this.versions?.beforePublish(trx, model, id);
        held = await this.heldOf(trx, model, id, options);
        const whole = await this.treeOf(trx, model, id, options);
        const cut = decided ? await permittedTree(trx, this.registry, whole, decided) : { permitted: whole, withheld };
        withheld = cut.withheld;
        const tree = cut.permitted;
        for (const [modelId, ids] of tree) await publishRows(trx, this.registry.get(modelId), [...ids]);
        for (const other of (await also?.(trx)) ?? []) if (!tree.has(other)) tree.set(other, new Set());
        // The record itself published (a caller who may not publish it leaves it out of the tree).
        if (tree.get(model.id)?.has(id))
          for (const listener of this.publicationListeners) await listener(trx, { action: "publish", model, id });
        await this.versions?.record(trx, model, [id], "publish", subjectId);
        await this.audit?.record(trx, [
          { model: model.id, recordId: id, action: "publish", changes: publishedCounts(tree) },
        ]);
        return tree;
      }),
    );
    for (const modelId of this.announced(tree.keys())) this.changes.publish(modelId);
    return { tree, withheld, held };
  }

  /** Publishes every record of every x-drafts model (the demo content, an import with DRAFTS=off). */
  async publishAll(db: AnyModelDb = this.database.db, models: Model[] = this.registry.models): Promise<void> {
    const drafted = models.filter((m) => m.published);
    const publish = async (trx: AnyModelDb) => {
      const counts = new Map<string, number>();
      for (const model of drafted) {
        const written = await publishRows(trx, model, "all");
        if (written > 0) counts.set(model.id, written);
      }
      if (counts.size > 0) await this.audit?.record(trx, [{ action: "publish", changes: publishedCounts(counts) }]);
    };
    // In one transaction with its audit entry (the caller's, when it holds one).
    await this.guard(() => (db.isTransaction ? publish(db) : db.transaction().execute(publish)));
    if (db === this.database.db)
      for (const modelId of this.announced(drafted.map((m) => m.id))) this.changes.publish(modelId);
  }

  /**
   * Publishes a record's tree inside the caller's transaction (a module's save under DRAFTS=off;
   * a preview's rehearsal, which passes `may` of the link's author: only what it may publish).
   */
  async publishTreeIn(
    trx: AnyModelDb,
    model: Model,
    id: string,
    may?: MayPublish,
    options: PublishOptions = {},
  ): Promise<Tree> {
    const whole = await this.treeOf(trx, model, id, options);
    const tree = may ? (await permittedTree(trx, this.registry, whole, may)).permitted : whole;
    for (const [modelId, ids] of tree) await publishRows(trx, this.registry.get(modelId), [...ids]);
    return tree;
  }

  /**
   * Takes the record off the site with the part of its published tree that belongs to it alone
   * (owned-tree.ts): its relation rows and the records no other published record links to — a
   * product's price rows, not a category or a price key others use, nor a record of the catalogue.
   * One transaction; the working copies stay (state `draft`), so publishing it again puts the
   * whole tree back. A scheduled unpublish (schedule-jobs.ts) comes here too.
   */
  async unpublish(model: Model, id: string): Promise<void> {
    const tree = await this.database.db.transaction().execute(async (trx) => {
      // Locked: a publish of the same record waits, and finds the tree as this left it.
      const exists = await trx.selectFrom(model.table).select("id").where("id", "=", id).forUpdate().executeTakeFirst();
      if (!exists) throw notFound(`${model.title} ${id} was not found`);
      const owned = await ownedPublishedTree(trx, this.registry, this.graph, { model: model.id, id }, standsAlone);
      for (const listener of this.publicationListeners) await listener(trx, { action: "unpublish", model, id });
      for (const [modelId, ids] of owned) await unpublishRows(trx, this.registry.get(modelId), [...ids]);
      await this.audit?.record(trx, [
        { model: model.id, recordId: id, action: "unpublish", changes: publishedCounts(owned, "unpublished") },
      ]);
      return owned;
    });
    for (const modelId of new Set([model.id, ...tree.keys()])) this.changes.publish(modelId);
  }

  /**
   * DRAFTS=off: every write of an x-drafts model publishes what it wrote in its own transaction,
   * whoever writes (generic routes, module services, the seed, an import).
   */
  publishOnEverySave(repositories: Map<string, Repository>) {
    if (this.drafts) return;
    for (const repository of repositories.values()) {
      const model = repository.model;
      // A delete too: publishing a deleted record's ids removes its published copy.
      if (model.published) repository.onWrite((db, { ids }) => this.publishSaved(db, model, ids));
    }
  }

  /** Inside a save's transaction: these records' published copies become their working copies. */
  async publishSaved(trx: AnyModelDb, model: Model, ids: string[]): Promise<void> {
    await this.guard(() => publishRows(trx, model, ids));
  }

  /**
   * After an entity's working copy was deleted: its published copy goes too (a delete takes the
   * record off the site at once), and so do the published relation rows the delete cascaded
   * away in the working copies. A relation row deleted alone waits for its tree's publish,
   * unless saves publish at once.
   */
  async afterDelete(trx: AnyModelDb, model: Model, id: string, publishNow: boolean): Promise<string[]> {
    if (model.kind === "relation" && !publishNow) return [];
    const touched = [model.id];
    await dropPublished(trx, model, [id]);
    for (const other of this.registry.models) {
      if (!other.published) continue;
      for (const field of other.fields) {
        if (field.references?.model !== model.id || field.references.onDelete !== "cascade") continue;
        await trx
          .deleteFrom(other.published.table)
          .where(field.name, "=", id)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom(other.table).select("id").whereRef(`${other.table}.id`, "=", `${other.published!.table}.id`),
              ),
            ),
          )
          .execute();
        touched.push(other.id);
      }
    }
    return touched;
  }

  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapDatabaseError(error, this.constraints, "write");
    }
  }
}

/** What an audit entry of a publish says: how many records of each model it published (or took off). */
function publishedCounts(tree: Tree | Map<string, number>, what = "published"): Record<string, unknown> {
  const counts = [...tree].map(([modelId, ids]) => [modelId, typeof ids === "number" ? ids : ids.size]);
  return { [what]: [null, Object.fromEntries(counts)] };
}

import { sql } from "kysely";
import type { Database } from "../../engine/db/open-database.js";
import { AppError, notFound } from "../../engine/errors.js";
import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import { mapDatabaseError, type ConstraintIndex } from "../../engine/query/db-errors.js";
import { RelationGraph } from "../../engine/query/relation-graph.js";
import { restoreSnapshot } from "../../engine/query/restore-snapshot.js";
import type { Tree } from "../../engine/query/draft-tree.js";
import { CREATED, type CompanionInsert } from "../../engine/query/companion-insert.js";
import { jsonParam } from "../../engine/query/json-param.js";
import { modelQueries, type ModelQueries } from "../../engine/query/model-tables.js";
import { rowJson } from "../../engine/query/row-json.js";
import {
  BORN_FIELDS,
  changedNames,
  ownsTree,
  readRows,
  readSnapshot,
  type Snapshot,
  type SnapshotRow,
} from "../../engine/query/snapshots.js";
import type { Model } from "../../engine/schema/model.js";
import { versionChanges, type TreeShape, type VersionChange } from "../../common/drafts/version-changes.js";
import { OWNED_KINDS } from "../site/host/blocks/block-kinds.js";
import type { Registry } from "../../engine/schema/registry.js";
import type { AuditTrail } from "../../engine/audit/audit-trail.js";

export type VersionKind = "initial" | "save" | "publish" | "restore";

/** A version as the history list shows it (no snapshot). */
export interface VersionSummary {
  id: string;
  number: number;
  kind: VersionKind;
  createdAt: Date;
  subject: { id: string; email: string | null } | null;
  changed: string[];
  /** The record was deleted by this save. */
  deleted: boolean;
}

const VERSIONS = "host/versions";

/**
 * Versions of x-drafts records (docs/drafts.md, Versions): written in the transaction of each
 * save and publish, listed newest first, restored as the working copy. VERSIONS_MAX per record:
 * the oldest versions beyond it go, publish points stay.
 */
export class VersionHistory {
  private readonly graph: RelationGraph;
  /** The versions' SQL table, for the create's companion insert (built on the repository's own, untyped statement). */
  private readonly table: string;
  private readonly db: ModelQueries;
  /** The audit log: a restore is recorded in its transaction (Publisher.auditInto sets it). */
  audit?: AuditTrail;

  constructor(
    private readonly registry: Registry,
    private readonly database: Database,
    private readonly constraints: ConstraintIndex,
    private readonly max: number,
  ) {
    this.graph = new RelationGraph(registry);
    this.table = registry.get(VERSIONS).table;
    this.db = modelQueries(database.db, registry);
  }

  /** The caller's transaction (a save's, a publish's, a module's) for queries naming tables by model id. */
  private typed(trx: AnyModelDb): ModelQueries {
    return modelQueries(trx, this.registry);
  }

  /**
   * Before a save of these records: one that has no version yet gets an `initial` version holding
   * its state before the save, so the save can be undone. A record that does not exist has none.
   */
  async beforeSave(trx: AnyModelDb, model: Model, ids: string[]): Promise<void> {
    // Two first saves of one record at once: the second waits here for the first's versions.
    await this.lock(trx, model, ids);
    const fresh = await this.withoutVersions(trx, model, ids);
    if (fresh.length === 0) return;
    const snapshots = await this.snapshots(trx, model, fresh, "working");
    await this.insert(
      trx,
      model,
      snapshots.filter(([, s]) => s.record).map(([id, snapshot]) => ({ id, snapshot, number: 1, changed: [] })),
      "initial",
      null,
    );
  }

  /**
   * Before a publish of a record without versions: an `initial` version holding the tree as it was
   * published, so the publish can be undone (nothing when it was never published).
   */
  async beforePublish(trx: AnyModelDb, model: Model, id: string): Promise<void> {
    if ((await this.withoutVersions(trx, model, [id])).length === 0) return;
    const snapshot = await readSnapshot(trx, this.registry, this.graph, model, id, "published");
    if (!snapshot.record) return;
    const { publishedAt: _, ...record } = snapshot.record;
    await this.insert(
      trx,
      model,
      [{ id, snapshot: { ...snapshot, record: record as SnapshotRow }, number: 1, changed: [] }],
      "initial",
      null,
    );
  }

  /** After a save, publish or restore: a version of each record's state now, with what changed since the last one. */
  async record(
    trx: AnyModelDb,
    model: Model,
    ids: string[],
    kind: VersionKind,
    subjectId: string | null,
    created = false,
  ): Promise<void> {
    if (ids.length === 0) return;
    const unique = [...new Set(ids)];
    // Records this save created have no versions and no tree yet: their first version is the row.
    if (created) {
      const rows = (await this.snapshots(trx, model, unique, "working", true)).map(([id, snapshot]) => ({
        id,
        snapshot,
        number: 1,
        changed: changedNames(undefined, snapshot),
      }));
      return this.insert(trx, model, rows, kind, subjectId);
    }
    const latest = await this.typed(trx)
      .selectFrom(VERSIONS)
      .distinctOn("recordId")
      .select(["recordId", "number", "snapshot"])
      .where("modelId", "=", model.id)
      .where("recordId", "in", unique)
      .orderBy("recordId")
      .orderBy("number", "desc")
      .execute();
    const before = new Map(latest.map((v) => [v.recordId, { number: v.number, snapshot: v.snapshot as Snapshot }]));
    const snapshots = await this.snapshots(trx, model, unique, "working");
    const rows = snapshots.map(([id, snapshot]) => {
      const last = before.get(id);
      return { id, snapshot, number: (last?.number ?? 0) + 1, changed: changedNames(last?.snapshot, snapshot) };
    });
    await this.insert(trx, model, rows, kind, subjectId);
    const full = rows.filter((r) => r.number > this.max);
    if (full.length) await this.prune(trx, model, full);
  }

  /**
   * The first version of a record a create writes, as the create's companion insert: kept in the
   * create's own statement, equal to what record(…, created = true) would write after reading the
   * row back (tests/drafts/created-version.test.ts compares the two).
   */
  createdCompanion(model: Model, kind: VersionKind, subjectId: string | null): CompanionInsert {
    // Its shape and builder made once per model (the create's hot path): only the values vary.
    let made = this.companions.get(model.id);
    if (!made) this.companions.set(model.id, (made = this.companionOf(model)));
    return { shape: made.shape, build: made.build, values: [model.id, kind, subjectId] };
  }

  private readonly companions = new Map<string, Omit<CompanionInsert, "values">>();

  private companionOf(model: Model): Omit<CompanionInsert, "values"> {
    const tree = ownsTree(this.registry, this.graph, model);
    // changedNames(undefined, snapshot): the filled fields, in the model's order, but the born ones.
    const named = model.fields.map((f) => f.name).filter((name) => !BORN_FIELDS.has(name));
    return {
      shape: `version-${model.id}`,
      build: (db, [modelId, kindParam, subject]) => {
        const record = rowJson(model, CREATED);
        // Raw: the version is built in SQL from the row the create's CTE returns (jsonb_build_object,
        // unnest … WITH ORDINALITY, a lateral join), none of which the builder can say. The lateral's
        // OFFSET 0 builds the row's object once; inlined, it was rebuilt for every field `changed` reads.
        const snapshot = tree
          ? sql`jsonb_build_object('record', j.record, 'tree', '{}'::jsonb)`
          : sql`jsonb_build_object('record', j.record)`;
        const names = sql.join(named.map((n) => sql.lit(n)));
        const changed = sql`(SELECT coalesce(jsonb_agg(f.name ORDER BY f.at), '[]'::jsonb) FROM unnest(ARRAY[${names}]::text[]) WITH ORDINALITY AS f(name, at) WHERE j.record -> f.name <> 'null'::jsonb)`;
        // The repository's own statement (no model-id plugin on the create's hot path): the SQL table.
        return db
          .insertInto(this.table)
          .columns(["modelId", "recordId", "number", "kind", "subjectId", "changed", "snapshot"])
          .expression(
            sql`SELECT ${modelId}::text, ${sql.ref(`${CREATED}.id`)}, 1, ${kindParam}::text, ${subject}::uuid, ${changed}, ${snapshot}
                FROM ${sql.table(CREATED)} CROSS JOIN LATERAL (SELECT ${record} AS record OFFSET 0) AS j`,
          );
      },
    };
  }

  /** The record's versions, newest first, each with who saved it (the subject's email, one sub-select). */
  async list(model: Model, id: string, limit: number, offset: number): Promise<VersionSummary[]> {
    const rows = await this.db
      .selectFrom("host/versions as v")
      .select(["v.id", "v.number", "v.kind", "v.createdAt", "v.subjectId", "v.changed"])
      // Raw: the snapshot column is open JSON to the types, so the builder's JSON path cannot name its `record`.
      .select(sql<boolean>`jsonb_typeof(v.snapshot -> 'record') <> 'object'`.as("deleted"))
      .select((eb) =>
        eb
          .selectFrom("rbac/identities as i")
          .innerJoin("rbac/subjects-to-identities as l", "l.identityId", "i.id")
          .select("i.email")
          .whereRef("l.subjectId", "=", "v.subjectId")
          .where("i.email", "is not", null)
          .orderBy("i.createdAt")
          .limit(1)
          .as("email"),
      )
      .where("v.modelId", "=", model.id)
      .where("v.recordId", "=", id)
      .orderBy("v.number", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      createdAt: r.createdAt,
      subject: r.subjectId ? { id: r.subjectId, email: r.email ?? null } : null,
      changed: r.changed as string[],
      deleted: Boolean(r.deleted),
    }));
  }

  /** One version of the record, with its snapshot; 404 when it is not one of the record's. */
  async get(
    model: Model,
    id: string,
    versionId: string,
    db: ModelQueries = this.db,
  ): Promise<VersionSummary & { snapshot: Snapshot }> {
    const row = await db
      .selectFrom(VERSIONS)
      .select(["id", "number", "kind", "createdAt", "subjectId", "changed", "snapshot"])
      .where("id", "=", versionId)
      .where("modelId", "=", model.id)
      .where("recordId", "=", id)
      .executeTakeFirst();
    if (!row) throw notFound(`version ${versionId} of ${model.title} ${id} was not found`);
    const snapshot = row.snapshot as Snapshot;
    return {
      id: row.id,
      number: row.number,
      kind: row.kind,
      createdAt: row.createdAt,
      subject: row.subjectId ? { id: row.subjectId, email: null } : null,
      changed: row.changed as string[],
      deleted: !snapshot.record,
      snapshot,
    };
  }

  /**
   * What differs from the version `fromId` to `to` (another version, or the working copy now), as
   * an editor reads it (common/drafts/version-changes.ts): both snapshots read here, compared by
   * one pure function. 404 when either version is not the record's.
   */
  async compare(model: Model, id: string, fromId: string, to: string | "working"): Promise<VersionChange[]> {
    const [from, target] = await Promise.all([
      this.get(model, id, fromId),
      to === "working"
        ? readSnapshot(this.database.db, this.registry, this.graph, model, id, "working")
        : this.get(model, id, to).then((v) => v.snapshot),
    ]);
    return versionChanges(from.snapshot, target, this.shape(model));
  }

  /** The tree's relations by their keys and the block kinds' holders, for the comparison. */
  private shape(model: Model): TreeShape {
    const relations = Object.fromEntries(
      [...this.graph.relations].map(([relation, r]) => [relation, { parent: r.parent, child: r.child }]),
    );
    const holders = Object.values(OWNED_KINDS).flatMap((kind) => (kind.holder ? [kind.holder.model] : []));
    return { model: model.id, relations, holders };
  }

  /**
   * Makes the version the working copy of the record (and its tree) in one transaction and records
   * a `restore` version; the published copies stay as they are unless saves publish at once
   * (`publish`: DRAFTS=off). Answers the models written, for the change feed after the commit.
   */
  async restore(
    model: Model,
    id: string,
    versionId: string,
    subjectId: string | null,
    publish: (trx: AnyModelDb) => Promise<void>,
    hold?: (trx: AnyModelDb, version: Record<string, SnapshotRow[]>) => Promise<Tree>,
  ): Promise<Set<string>> {
    try {
      return await this.database.db.transaction().execute(async (trx) => {
        await this.lock(trx, model, [id]);
        const version = await this.get(model, id, versionId, this.typed(trx));
        const record = version.snapshot.record;
        if (!record)
          throw new AppError(
            "VALIDATION_ERROR",
            `version ${version.number} is the record's deletion: restore an earlier one`,
            [{ path: "/versionId", message: "is a deletion" }],
          );
        const touched = await restoreSnapshot(
          trx,
          this.registry,
          this.graph,
          model,
          id,
          { ...version.snapshot, record },
          new Date(version.createdAt),
          await hold?.(trx, version.snapshot.tree ?? {}),
        );
        await publish(trx);
        await this.record(trx, model, [id], "restore", subjectId);
        await this.audit?.record(trx, [
          { model: model.id, recordId: id, action: "restore", changes: { version: [null, version.number] } },
        ]);
        return touched;
      });
    } catch (error) {
      throw mapDatabaseError(error, this.constraints, "write");
    }
  }

  /** Locks these records' working rows until the transaction ends (versions are numbered one after another). */
  private async lock(trx: AnyModelDb, model: Model, ids: string[]) {
    if (ids.length) await trx.selectFrom(model.table).select("id").where("id", "in", ids).forUpdate().execute();
  }

  /** Ids among these that have no version yet. */
  private async withoutVersions(trx: AnyModelDb, model: Model, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const known = await this.typed(trx)
      .selectFrom(VERSIONS)
      .select("recordId")
      .distinct()
      .where("modelId", "=", model.id)
      .where("recordId", "in", ids)
      .execute();
    const has = new Set(known.map((k) => k.recordId));
    return ids.filter((id) => !has.has(id));
  }

  /** Each record's snapshot: one query for all when the model owns no tree, else one walk per record. */
  private async snapshots(
    trx: AnyModelDb,
    model: Model,
    ids: string[],
    side: "working" | "published",
    created = false,
  ): Promise<[string, Snapshot][]> {
    const root = ownsTree(this.registry, this.graph, model);
    if (!root || created) {
      const rows = new Map((await readRows(trx, model, ids, side)).map((r) => [r.id, r]));
      return ids.map((id) => [
        id,
        root ? { record: rows.get(id) ?? null, tree: {} } : { record: rows.get(id) ?? null },
      ]);
    }
    const out: [string, Snapshot][] = [];
    for (const id of ids) out.push([id, await readSnapshot(trx, this.registry, this.graph, model, id, side)]);
    return out;
  }

  private async insert(
    trx: AnyModelDb,
    model: Model,
    rows: { id: string; snapshot: Snapshot; number: number; changed: string[] }[],
    kind: VersionKind,
    subjectId: string | null,
  ) {
    if (rows.length === 0) return;
    await this.typed(trx)
      .insertInto(VERSIONS)
      .values(
        rows.map((r) => ({
          modelId: model.id,
          recordId: r.id,
          number: r.number,
          kind,
          subjectId,
          changed: jsonParam(r.changed),
          snapshot: jsonParam(r.snapshot),
        })),
      )
      .execute();
  }

  /**
   * Keeps at most VERSIONS_MAX versions of each record: the oldest non-publish versions beyond it
   * go. Publish points and the version just recorded always stay, even past the limit.
   */
  private async prune(trx: AnyModelDb, model: Model, newest: { id: string; number: number }[]) {
    const db = this.typed(trx);
    for (const { id, number } of newest) {
      const mine = db.selectFrom(VERSIONS).where("modelId", "=", model.id).where("recordId", "=", id);
      const oldest = mine
        .select("id")
        .where("kind", "<>", "publish")
        .where("number", "<", number)
        .orderBy("number")
        .limit((eb) =>
          eb.fn<number>("greatest", [
            eb.lit(0),
            eb(
              mine.select((c) => c.fn.countAll<number>().as("n")),
              "-",
              this.max,
            ),
          ]),
        );
      await db.deleteFrom(VERSIONS).where("id", "in", oldest).execute();
    }
  }
}

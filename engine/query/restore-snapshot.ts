import { sql } from "kysely";
import type { Model } from "../schema/model.js";
import type { Registry } from "../schema/registry.js";
import { draftTree, type Tree } from "./draft-tree.js";
import { heldInSnapshot } from "./held-in-snapshot.js";
import { toColumns } from "./prepare-write.js";
import { EXTERNAL_CHILD_MODEL, EXTERNAL_WIDGETS, type RelationGraph } from "./relation-graph.js";
import { ownsTree, readRows, type Snapshot, type SnapshotRow } from "./snapshots.js";
import type { AnyModelDb } from "./any-model-db.js";

/** Rounds of removing records that left the tree: a block, then its slider, then its slides… */
const MAX_ROUNDS = 9;

const same = (a: SnapshotRow, b: SnapshotRow) =>
  Object.keys(a).every((k) => k === "updatedAt" || JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null));

/**
 * Makes a version's snapshot the working copy of the record and, for a tree root, of its tree,
 * in the transaction the caller holds; the published copies are never read or written. Rows that
 * differ or are missing are written back (their updatedAt moves on, so they read as changed
 * against the published copy); relation rows of the current tree the snapshot does not hold are
 * removed (unlinked); a record that left the tree that way is removed too when it was created
 * after the version and nothing else links to it (a block added since), and kept otherwise (a
 * shared layout, a product of the catalogue). Entities are written before the relation rows that
 * point at them; removals of relation rows come first. `held` roots (a page's reusable blocks,
 * shared with other pages: Publisher.holdBack) are left as they are now, with all that hangs below
 * them, in the snapshot and in the working copy alike; the tree's own rows linking to them are
 * restored. Answers the models it wrote.
 */
export async function restoreSnapshot(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  model: Model,
  id: string,
  snapshot: Snapshot & { record: SnapshotRow },
  versionCreatedAt: Date,
  held: Tree = new Map(),
): Promise<Set<string>> {
  const touched = new Set<string>();
  const target = new Map<string, Map<string, SnapshotRow>>();
  const leftAsTheyAre = heldInSnapshot(graph, { model: model.id, id }, snapshot.tree ?? {}, held);
  const put = (modelId: string, row: SnapshotRow) => {
    if (!registry.find(modelId)) return; // a model removed from the schemas since
    if (leftAsTheyAre.get(modelId)?.has(row.id)) return;
    if (!target.has(modelId)) target.set(modelId, new Map());
    target.get(modelId)!.set(row.id, row);
  };
  put(model.id, snapshot.record);
  for (const [modelId, rows] of Object.entries(snapshot.tree ?? {})) for (const row of rows) put(modelId, row);

  // The tree as the working copy holds it now: what the snapshot no longer has leaves it.
  const current = ownsTree(registry, graph, model)
    ? await draftTree(db, registry, graph, { model: model.id, id }, "working", held)
    : new Map([[model.id, new Set([id])]]);
  const inTarget = (modelId: string, rowId: string) => target.get(modelId)?.has(rowId) ?? false;

  // 1. Unlink: relation rows hanging from a record of the restored tree that the snapshot does not hold.
  for (const [modelId, ids] of current) {
    const relation = graph.relations.get(modelId);
    if (!relation) continue;
    const gone = [...ids].filter((rowId) => !inTarget(modelId, rowId));
    if (gone.length === 0) continue;
    const m = registry.get(modelId);
    const parents = [...(target.get(relation.parent.model)?.keys() ?? [])];
    if (parents.length === 0) continue;
    const removed = await db
      .deleteFrom(m.table)
      .where("id", "in", gone)
      .where(relation.parent.key, "in", parents)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows)) touched.add(modelId);
  }

  // 2. Records that left the tree, added since the version and linked from nowhere else now.
  let candidates = [...current]
    .filter(([modelId]) => registry.get(modelId).kind === "entity")
    .map(([modelId, ids]) => [modelId, [...ids].filter((rowId) => !inTarget(modelId, rowId))] as const)
    .filter(([, ids]) => ids.length > 0);
  for (let round = 0; round < MAX_ROUNDS && candidates.length; round++) {
    const next: typeof candidates = [];
    let removedAny = false;
    for (const [modelId, ids] of candidates) {
      const m = registry.get(modelId);
      const rows = await readRows(db, m, ids, "working");
      const added = rows
        .filter((r) => r.createdAt && new Date(r.createdAt as string) > versionCreatedAt)
        .map((r) => r.id);
      const linked = await linkedIds(db, registry, graph, m, added);
      const free = added.filter((rowId) => !linked.has(rowId));
      if (free.length) {
        await db.deleteFrom(m.table).where("id", "in", free).execute();
        touched.add(modelId);
        removedAny = true;
      }
      const kept = added.filter((rowId) => linked.has(rowId));
      if (kept.length) next.push([modelId, kept]);
    }
    // A removal may have freed others (its own children's links went with it); else nothing moves.
    candidates = removedAny ? next : [];
  }

  // 3. Write back what differs or is missing: entities (in reference order), then relation rows.
  for (const modelId of writeOrder(registry, [...target.keys()])) {
    const m = registry.get(modelId);
    const rows = [...target.get(modelId)!.values()];
    const now = new Map(
      (
        await readRows(
          db,
          m,
          rows.map((r) => r.id),
          "working",
        )
      ).map((r) => [r.id, r]),
    );
    const columns = new Set(m.fields.map((f) => f.name));
    const stale = rows.filter(
      (row) => (modelId === model.id && row.id === id) || !now.has(row.id) || !same(row, now.get(row.id)!),
    );
    for (const row of stale) {
      const known = Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k)));
      // Raw now(): this statement's text is kept as measured (the builder's fn("now") would compile alike).
      const values = { ...toColumns(m, known), updatedAt: sql`now()` };
      const update = Object.fromEntries(
        Object.keys(values)
          .filter((k) => k !== "id")
          .map((k) => [k, sql.ref(`excluded.${k}`)]),
      );
      await db
        .insertInto(m.table)
        .values(values)
        .onConflict((oc) => oc.column("id").doUpdateSet(update))
        .execute();
      touched.add(modelId);
    }
  }
  return touched;
}

/** Ids of these records that a row of another record still points at as its child (or by a plain foreign key). */
async function linkedIds(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  model: Model,
  ids: string[],
): Promise<Set<string>> {
  const linked = new Set<string>();
  if (ids.length === 0) return linked;
  const external = model.id.endsWith("/widgets") && model.id !== "host/widgets";
  for (const other of registry.models) {
    const relation = graph.relations.get(other.id);
    const keys = other.fields
      .filter((f) => f.references?.model === model.id && f.name !== relation?.parent.key)
      .map((f) => f.name);
    if (other.id === EXTERNAL_WIDGETS && external && relation?.child.model === EXTERNAL_CHILD_MODEL)
      keys.push(relation.child.key);
    for (const key of keys) {
      const rows = await db.selectFrom(other.table).select(key).where(key, "in", ids).execute();
      for (const row of rows) linked.add(row[key] as string);
    }
  }
  return linked;
}

/** Models in an order that writes a referenced record before the records pointing at it. */
function writeOrder(registry: Registry, modelIds: string[]): string[] {
  const set = new Set(modelIds);
  const refs = (id: string) =>
    registry
      .get(id)
      .fields.map((f) => f.references?.model)
      .filter((r): r is string => !!r && r !== id && set.has(r));
  const ordered: string[] = [];
  const visit = (id: string, path: Set<string>) => {
    if (ordered.includes(id) || path.has(id)) return;
    path.add(id);
    for (const ref of refs(id)) visit(ref, path);
    ordered.push(id);
  };
  for (const id of [...modelIds].sort(
    (a, b) =>
      Number(registry.get(a).kind === "relation") - Number(registry.get(b).kind === "relation") || a.localeCompare(b),
  ))
    visit(id, new Set());
  return ordered;
}

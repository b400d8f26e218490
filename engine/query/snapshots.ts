import type { Model } from "../schema/model.js";
import type { Registry } from "../schema/registry.js";
import { draftTree, type Tree } from "./draft-tree.js";
import type { RelationGraph } from "./relation-graph.js";
import type { AnyModelDb } from "./any-model-db.js";

/** A row as JSON: what a version keeps (dates as ISO text, decimals as strings). */
export type SnapshotRow = Record<string, unknown> & { id: string };

/**
 * One saved state of an x-drafts record (docs/drafts.md, Versions): its row (null once deleted)
 * and, for a tree root, the rows of every other record of its tree by model id.
 */
export interface Snapshot {
  record: SnapshotRow | null;
  tree?: Record<string, SnapshotRow[]>;
}

/** A model whose records own a tree (drafted relations hang from it): its versions keep the tree. */
export function ownsTree(registry: Registry, graph: RelationGraph, model: Model): boolean {
  return graph.childrenOf(model.id).some((relation) => registry.find(relation.id)?.drafts);
}

const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Rows of these ids, every column (as JSON), from the working or the published table, by id. */
export async function readRows(
  db: AnyModelDb,
  model: Model,
  ids: string[],
  side: "working" | "published",
): Promise<SnapshotRow[]> {
  if (ids.length === 0) return [];
  const table = side === "working" ? model.table : model.published!.table;
  const rows = await db
    .selectFrom(table)
    .select(model.fields.map((f) => f.name))
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  return asJson(rows) as SnapshotRow[];
}

/**
 * The record's snapshot from one side: the working copies (a save, a restore) or the published
 * ones (what was live before a first publish). One query per model of the tree.
 */
export async function readSnapshot(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  model: Model,
  id: string,
  side: "working" | "published",
): Promise<Snapshot> {
  const [record = null] = await readRows(db, model, [id], side);
  if (!ownsTree(registry, graph, model)) return { record };
  if (!record) return { record, tree: {} };
  const tree: Tree = await draftTree(db, registry, graph, { model: model.id, id }, side);
  tree.get(model.id)?.delete(id);
  const entries = await Promise.all(
    [...tree]
      .filter(([, ids]) => ids.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(async ([modelId, ids]) => [modelId, await readRows(db, registry.get(modelId), [...ids], side)] as const),
  );
  return { record, tree: Object.fromEntries(entries) };
}

/** Fields every write moves on: a difference there is not a change anyone made. */
const UNSAID = new Set(["updatedAt"]);
/** Fields every record is born with: not named as changed by its first version. */
export const BORN_FIELDS: ReadonlySet<string> = new Set(["id", "createdAt", "updatedAt"]);

/** The fields that differ between two states of a row (a side missing: the other's filled fields). */
function changedFields(before: SnapshotRow | null | undefined, after: SnapshotRow | null | undefined): string[] {
  if (!before || !after) {
    const row = before ?? after;
    return row ? Object.keys(row).filter((k) => !BORN_FIELDS.has(k) && row[k] !== null) : [];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (k) => !UNSAID.has(k) && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
}

/**
 * What a version changed since the one before, readable in a history list: the record's own
 * field names, then for a tree `model/field` for a record of the tree that changed and the model
 * id alone for one added or removed (a block taken off a page: `host/pages-to-widgets`).
 */
export function changedNames(before: Snapshot | undefined, after: Snapshot): string[] {
  const names = changedFields(before?.record, after.record);
  if (!after.tree && !before?.tree) return names;
  const treeNames = new Set<string>();
  const models = new Set([...Object.keys(before?.tree ?? {}), ...Object.keys(after.tree ?? {})]);
  for (const modelId of models) {
    const old = new Map((before?.tree?.[modelId] ?? []).map((r) => [r.id, r]));
    const now = new Map((after.tree?.[modelId] ?? []).map((r) => [r.id, r]));
    for (const id of new Set([...old.keys(), ...now.keys()])) {
      if (!old.has(id) || !now.has(id)) treeNames.add(modelId);
      else for (const field of changedFields(old.get(id), now.get(id))) treeNames.add(`${modelId}/${field}`);
    }
  }
  return [...names, ...[...treeNames].sort()];
}

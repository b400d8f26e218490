import type { Snapshot, SnapshotRow } from "../../engine/query/snapshots.js";
import type { RelationKeys } from "../../engine/query/relation-graph.js";

/**
 * What differs between two states of a record and its tree (two versions, or a version and the
 * working copy), in the terms an editor knows: the page's own fields, its blocks (added, removed,
 * reordered, their texts per language), each block's items (features, buttons, slides…: added,
 * removed, their texts) and its layouts. Computed once on the server
 * (GET …/versions/{versionId}/compare) and put in words by the admin (history-drawer.tsx).
 */

export type LanguageMap = Record<string, string>;

/** A block as a change names it: its module widget's title, else its variant (the admin's catalogue labels it). */
export interface BlockRef {
  /** The host widget. */
  id: string;
  /** `page`, or the id of the layout the block belongs to. */
  region: string;
  module: string | null;
  variant: string | null;
  title: LanguageMap | null;
}

/** A block's item (a feature, a button, a slide, a linked product…) or another record of the tree. */
export interface RecordRef {
  model: string;
  id: string;
  title: LanguageMap | null;
}

/** One field's change: a language map's one language (`language`), or a whole value as text. */
export interface FieldChange {
  field: string;
  language?: string;
  before: string;
  after: string;
}

export type VersionChange =
  | ({ kind: "field" } & FieldChange)
  | { kind: "block-added" | "block-removed"; block: BlockRef }
  | { kind: "blocks-reordered"; region: string; blocks: BlockRef[] }
  | ({ kind: "block-field"; block: BlockRef } & FieldChange)
  | { kind: "item-added" | "item-removed"; block: BlockRef; item: RecordRef }
  | ({ kind: "item-field"; block: BlockRef; item: RecordRef } & FieldChange)
  | { kind: "items-reordered"; block: BlockRef; model: string; items: RecordRef[] }
  | { kind: "layout-added" | "layout-removed"; layout: RecordRef }
  | { kind: "record-added" | "record-removed"; record: RecordRef }
  | ({ kind: "record-field"; record: RecordRef } & FieldChange);

export interface TreeShape {
  /** The root's model id (host/pages). */
  model: string;
  /** Relation model id → its parent and child keys (engine/query/relation-graph.ts). */
  relations: Record<string, RelationKeys>;
  /** Models that only hold a block's items (a buttons array, a slider): their children are the items. */
  holders: readonly string[];
}

const HOST_WIDGETS = "host/widgets";
const LAYOUTS = "host/layouts";
const EXTERNAL = "host/widgets-to-external-widgets";
/** Fields no editor sets: stamps, keys, and the slug a record is born with. */
const UNSAID = new Set(["id", "createdAt", "updatedAt", "publishedAt", "slug"]);

type Rows = Map<string, Map<string, SnapshotRow>>;

function rowsOf(snapshot: Snapshot, model: string): Rows {
  const rows: Rows = new Map();
  for (const [modelId, list] of Object.entries(snapshot.tree ?? {}))
    rows.set(modelId, new Map(list.map((r) => [r.id, r])));
  if (snapshot.record) {
    if (!rows.has(model)) rows.set(model, new Map());
    rows.get(model)!.set(snapshot.record.id, snapshot.record);
  }
  return rows;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  !!value &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => v === null || typeof v === "string");

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "string"
      ? value
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

const mapOf = (value: unknown): LanguageMap | null => {
  if (isMap(value))
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string")) as LanguageMap;
  return typeof value === "string" && value ? { en: value } : null;
};

/** A record's name: its title (a language map, or one text), else its admin title. */
const titleOf = (row: SnapshotRow | undefined): LanguageMap | null => {
  if (!row) return null;
  const title = mapOf(row.title);
  if (title && Object.values(title).some((v) => v.trim())) return title;
  return mapOf(row.adminTitle);
};

/** A block's own title (the composer names a block by it, else by its variant): none when empty. */
const ownTitle = (row: SnapshotRow | undefined): LanguageMap | null => {
  const title = mapOf(row?.title);
  return title && Object.values(title).some((v) => v.trim()) ? title : null;
};

/** The fields that differ between two rows, a language map language by language; a missing row is empty. */
export function fieldChanges(
  before: SnapshotRow | undefined,
  after: SnapshotRow | undefined,
  skip = UNSAID,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((n) => !skip.has(n));
  for (const field of names) {
    const was = before?.[field];
    const now = after?.[field];
    if ((isMap(was) || was == null) && (isMap(now) || now == null) && (isMap(was) || isMap(now))) {
      const a = (was ?? {}) as Record<string, unknown>;
      const b = (now ?? {}) as Record<string, unknown>;
      for (const language of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        if (text(a[language]) !== text(b[language]))
          changes.push({ field, language, before: text(a[language]), after: text(b[language]) });
      }
    } else if (text(was) !== text(now)) changes.push({ field, before: text(was), after: text(now) });
  }
  return changes;
}

interface Placed {
  key: string;
  block: BlockRef;
  moduleModel: string | null;
  moduleId: string | null;
  order: number;
  createdAt: string;
}

const byPlace = (a: { order: number; createdAt: string }, b: { order: number; createdAt: string }) =>
  a.order - b.order || Date.parse(a.createdAt) - Date.parse(b.createdAt);

interface Item {
  key: string;
  ref: RecordRef;
  row: SnapshotRow | undefined;
  order: number;
  createdAt: string;
}

/** One state's blocks, items and layouts, read from its rows by the relations' keys. */
function readState(snapshot: Snapshot, shape: TreeShape) {
  const rows = rowsOf(snapshot, shape.model);
  const rootId = snapshot.record?.id;
  const relations = Object.entries(shape.relations);
  const linksOf = (relation: string) => [...(rows.get(relation)?.values() ?? [])];
  /** Models read as blocks, items or layouts: their records are not compared again as others. */
  const seen = new Set<string>();
  const mark = (model: string) => seen.add(model);
  if (rootId) mark(shape.model);

  const blocks: Placed[] = [];
  for (const [relation, keys] of relations) {
    if (keys.child.model !== HOST_WIDGETS) continue;
    for (const link of linksOf(relation)) {
      const parent = String(link[keys.parent.key]);
      const hostId = String(link[keys.child.key]);
      const external = linksOf(EXTERNAL).find((e) => e.widgetId === hostId);
      const module = external ? String(external.externalModule) : null;
      const moduleModel = module && `${module}/widgets`;
      const moduleId = external ? String(external.externalWidgetId) : null;
      const widget = moduleModel && moduleId ? rows.get(moduleModel)?.get(moduleId) : undefined;
      mark(HOST_WIDGETS);
      if (moduleModel && moduleId) mark(moduleModel);
      blocks.push({
        key: hostId,
        block: {
          id: hostId,
          region: keys.parent.model === shape.model && parent === rootId ? "page" : parent,
          module,
          variant: widget ? text(widget.variant) || null : null,
          title: ownTitle(widget),
        },
        moduleModel,
        moduleId,
        order: Number(link.orderIndex ?? 0),
        createdAt: text(link.createdAt),
      });
    }
  }

  /** The items below a record: its relations' children, through holders (a buttons array) to what they hold. */
  const itemsBelow = (model: string, id: string, depth = 0): Item[] => {
    if (depth > 3) return [];
    const items: Item[] = [];
    for (const [relation, keys] of relations) {
      if (keys.parent.model !== model || keys.child.model.includes("{")) continue;
      for (const link of linksOf(relation)) {
        if (String(link[keys.parent.key]) !== id) continue;
        const childId = String(link[keys.child.key]);
        const child = keys.child.model;
        mark(child);
        if (shape.holders.includes(child)) {
          items.push(...itemsBelow(child, childId, depth + 1));
          continue;
        }
        const row = rows.get(child)?.get(childId);
        items.push({
          key: `${child} ${childId}`,
          ref: { model: child, id: childId, title: titleOf(row) },
          row,
          order: Number(link.orderIndex ?? 0),
          createdAt: text(link.createdAt),
        });
      }
    }
    return items;
  };
  const items = new Map(
    blocks.map((b) => [b.key, b.moduleModel && b.moduleId ? itemsBelow(b.moduleModel, b.moduleId) : []]),
  );

  const layouts: RecordRef[] = [];
  for (const [relation, keys] of relations) {
    if (keys.parent.model !== shape.model || keys.child.model !== LAYOUTS) continue;
    for (const link of linksOf(relation)) {
      const layoutId = String(link[keys.child.key]);
      mark(LAYOUTS);
      layouts.push({ model: LAYOUTS, id: layoutId, title: titleOf(rows.get(LAYOUTS)?.get(layoutId)) });
    }
  }

  return { rows, blocks: blocks.sort(byPlace), items, layouts, seen };
}

/** The common members of two lists in the order of each: different orders mean a reorder. */
function reordered<T extends { key: string }>(before: T[], after: T[]): boolean {
  const common = new Set(before.map((x) => x.key).filter((k) => after.some((y) => y.key === k)));
  const a = before.filter((x) => common.has(x.key)).map((x) => x.key);
  const b = after.filter((x) => common.has(x.key)).map((x) => x.key);
  return a.join() !== b.join();
}

/**
 * The changes from `before` to `after` (two snapshots of one record, docs/drafts.md "Versions"),
 * in the order an editor reads them: the record's own fields, its layouts, its blocks region by
 * region (added, removed, reordered, then each block's texts and items), then any other record.
 */
export function versionChanges(before: Snapshot, after: Snapshot, shape: TreeShape): VersionChange[] {
  const changes: VersionChange[] = [];
  for (const change of fieldChanges(before.record ?? undefined, after.record ?? undefined))
    changes.push({ kind: "field", ...change });
  const was = readState(before, shape);
  const now = readState(after, shape);

  for (const layout of now.layouts)
    if (!was.layouts.some((l) => l.id === layout.id)) changes.push({ kind: "layout-added", layout });
  for (const layout of was.layouts)
    if (!now.layouts.some((l) => l.id === layout.id)) changes.push({ kind: "layout-removed", layout });

  const regions = [...new Set([...now.blocks, ...was.blocks].map((b) => b.block.region))];
  for (const region of regions) {
    const old = was.blocks.filter((b) => b.block.region === region);
    const current = now.blocks.filter((b) => b.block.region === region);
    for (const placed of current)
      if (!old.some((b) => b.key === placed.key)) changes.push({ kind: "block-added", block: placed.block });
    for (const placed of old)
      if (!current.some((b) => b.key === placed.key)) changes.push({ kind: "block-removed", block: placed.block });
    if (reordered(old, current))
      changes.push({ kind: "blocks-reordered", region, blocks: current.map((b) => b.block) });
    for (const placed of current) {
      const previous = old.find((b) => b.key === placed.key);
      if (!previous) continue;
      const block = placed.block;
      const widgetBefore =
        previous.moduleModel && previous.moduleId
          ? was.rows.get(previous.moduleModel)?.get(previous.moduleId)
          : undefined;
      const widgetAfter =
        placed.moduleModel && placed.moduleId ? now.rows.get(placed.moduleModel)?.get(placed.moduleId) : undefined;
      for (const change of fieldChanges(widgetBefore, widgetAfter))
        changes.push({ kind: "block-field", block, ...change });
      const itemsBefore = was.items.get(placed.key) ?? [];
      const itemsAfter = (now.items.get(placed.key) ?? []).sort(byPlace);
      for (const item of itemsAfter) {
        const earlier = itemsBefore.find((i) => i.key === item.key);
        if (!earlier) changes.push({ kind: "item-added", block, item: item.ref });
        else
          for (const change of fieldChanges(earlier.row, item.row))
            changes.push({ kind: "item-field", block, item: item.ref, ...change });
      }
      for (const item of itemsBefore)
        if (!itemsAfter.some((i) => i.key === item.key)) changes.push({ kind: "item-removed", block, item: item.ref });
      for (const model of new Set(itemsAfter.map((i) => i.ref.model))) {
        const a = itemsBefore.filter((i) => i.ref.model === model).sort(byPlace);
        const b = itemsAfter.filter((i) => i.ref.model === model);
        if (reordered(a, b)) changes.push({ kind: "items-reordered", block, model, items: b.map((i) => i.ref) });
      }
    }
  }

  // The tree's other entities (a page's metadata): compared record by record.
  const covered = new Set([shape.model, ...was.seen, ...now.seen, ...Object.keys(shape.relations)]);
  const othersOf = (state: ReturnType<typeof readState>) =>
    new Map(
      [...state.rows]
        .filter(([model]) => !covered.has(model))
        .flatMap(([model, list]) =>
          [...list.values()].map(
            (row) => [`${model} ${row.id}`, { ref: { model, id: row.id, title: titleOf(row) }, row }] as const,
          ),
        ),
    );
  const [othersBefore, othersAfter] = [othersOf(was), othersOf(now)];
  for (const [key, other] of othersAfter) {
    const earlier = othersBefore.get(key);
    if (!earlier) changes.push({ kind: "record-added", record: other.ref });
    else
      for (const change of fieldChanges(earlier.row, other.row))
        changes.push({ kind: "record-field", record: other.ref, ...change });
  }
  for (const [key, other] of othersBefore)
    if (!othersAfter.has(key)) changes.push({ kind: "record-removed", record: other.ref });
  return changes;
}

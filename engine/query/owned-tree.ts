import type { Registry } from "../schema/registry.js";
import { draftTree, UPWARD_LINKS, type Tree } from "./draft-tree.js";
import { EXTERNAL_WIDGETS, type RelationGraph } from "./relation-graph.js";
import type { AnyModelDb } from "./any-model-db.js";

type Ref = { model: string; id: string };
const keyOf = (r: Ref) => `${r.model} ${r.id}`;

/** A relation row of the tree with its two ends (the child may be of a model without drafts: a file). */
interface Link extends Ref {
  parent: Ref;
  child: Ref;
}

/**
 * The part of a record's published tree that belongs to it alone (docs/drafts.md, "Taking a record
 * off the site"): the record, every relation row of its published tree one of whose ends goes, and
 * every record of the tree that no remaining published row still links to — so an unpublished
 * product's price rows leave the site with it, while a category, a layout or a price key another
 * published record links stays. A record that stands on the site by itself (`standsAlone`: a model
 * a list widget shows, the catalogue) is never taken along: unpublishing a page does not take its
 * block's product out of the shop. Records linked in a cycle with nothing else keep each other.
 * A query per relation model of the tree and per model a record of it could be linked from.
 */
export async function ownedPublishedTree(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  root: Ref,
  standsAlone: (model: string) => boolean,
): Promise<Tree> {
  const tree = await draftTree(db, registry, graph, root, "published");
  const inTree = (r: Ref) => tree.get(r.model)?.has(r.id) ?? false;
  const links = await linksOf(db, registry, graph, tree);
  const linkedFromOutside = await outsideLinks(db, registry, graph, tree, root, standsAlone);

  // Who keeps an entity of the tree on the site: the rows of the tree that own it (a parent's link
  // to it; an attribute's link to its key), each as long as it stays itself.
  const owners = new Map<string, string[]>();
  for (const link of links) {
    const upward = UPWARD_LINKS.get(link.model);
    const owned = upward?.withParent ? link.parent : link.child;
    if (inTree(owned)) owners.set(keyOf(owned), [...(owners.get(keyOf(owned)) ?? []), keyOf(link)]);
  }

  const gone = new Set([keyOf(root)]);
  for (let moved = true; moved; ) {
    moved = false;
    for (const link of links) {
      if (gone.has(keyOf(link)) || !(gone.has(keyOf(link.parent)) || gone.has(keyOf(link.child)))) continue;
      gone.add(keyOf(link));
      moved = true;
    }
    for (const [model, ids] of tree) {
      if (registry.get(model).kind !== "entity" || standsAlone(model)) continue;
      for (const id of ids) {
        const key = keyOf({ model, id });
        if (gone.has(key) || linkedFromOutside.has(key)) continue;
        if ((owners.get(key) ?? []).some((owner) => !gone.has(owner))) continue;
        gone.add(key);
        moved = true;
      }
    }
  }

  const owned: Tree = new Map();
  for (const [model, ids] of tree) {
    const taken = [...ids].filter((id) => gone.has(keyOf({ model, id })));
    if (taken.length) owned.set(model, new Set(taken));
  }
  return owned;
}

/** The relation rows of the tree as published, with their ends. */
async function linksOf(db: AnyModelDb, registry: Registry, graph: RelationGraph, tree: Tree): Promise<Link[]> {
  const batches = await Promise.all(
    [...tree].map(async ([model, ids]) => {
      const relation = graph.relations.get(model);
      if (!relation || ids.size === 0) return [];
      const external = model === EXTERNAL_WIDGETS;
      const rows = await db
        .selectFrom(registry.get(model).published!.table)
        .select(["id", relation.parent.key, relation.child.key, ...(external ? ["externalModule"] : [])])
        .where("id", "in", [...ids])
        .execute();
      return rows.map((row) => ({
        model,
        id: row.id as string,
        parent: { model: relation.parent.model, id: String(row[relation.parent.key]) },
        child: {
          model: external ? `${String(row.externalModule)}/widgets` : relation.child.model,
          id: String(row[relation.child.key]),
        },
      }));
    }),
  );
  return batches.flat();
}

/**
 * Entities of the tree (not the root, not standing alone) that a published row outside the tree
 * still owns, from a published record: a category's link to a shared product, another page's link
 * to a layout, another attribute's link to the same price key.
 */
async function outsideLinks(
  db: AnyModelDb,
  registry: Registry,
  graph: RelationGraph,
  tree: Tree,
  root: Ref,
  standsAlone: (model: string) => boolean,
): Promise<Set<string>> {
  const found = new Set<string>();
  const checks: Promise<void>[] = [];
  for (const [model, all] of tree) {
    if (registry.get(model).kind !== "entity" || standsAlone(model)) continue;
    const ids = [...all].filter((id) => !(model === root.model && id === root.id));
    if (ids.length === 0) continue;
    const ways: { relation: string; key: string; other: { key: string; model: string }; module?: string }[] = [];
    for (const relation of graph.relations.values()) {
      if (!registry.find(relation.id)?.drafts) continue;
      const upward = UPWARD_LINKS.get(relation.id)?.withParent;
      if (upward && relation.parent.model === model)
        ways.push({ relation: relation.id, key: relation.parent.key, other: relation.child });
      if (upward) continue;
      if (relation.child.model === model)
        ways.push({ relation: relation.id, key: relation.child.key, other: relation.parent });
      // A module's widget is named by host/widgets-to-external-widgets through its module, not a foreign key.
      if (relation.id === EXTERNAL_WIDGETS && model.endsWith("/widgets") && model !== relation.parent.model) {
        ways.push({
          relation: relation.id,
          key: relation.child.key,
          other: relation.parent,
          module: model.slice(0, -"/widgets".length),
        });
      }
    }
    for (const way of ways) {
      const table = registry.get(way.relation).published!.table;
      const other = registry.find(way.other.model);
      checks.push(
        (async () => {
          let query = db
            .selectFrom(table)
            .select(`${table}.${way.key} as owned`)
            .where(`${table}.${way.key}`, "in", ids);
          const inside = [...(tree.get(way.relation) ?? [])];
          if (inside.length) query = query.where(`${table}.id`, "not in", inside);
          if (way.module) query = query.where(`${table}.externalModule`, "=", way.module);
          // The row counts only while the record at its other end is on the site (a model without drafts always is).
          if (other?.published) {
            const ends = other.published.table;
            query = query.where(({ exists, selectFrom }) =>
              exists(selectFrom(ends).select("id").whereRef(`${ends}.id`, "=", `${table}.${way.other.key}`)),
            );
          }
          for (const row of await query.execute()) found.add(keyOf({ model, id: String(row.owned) }));
        })(),
      );
    }
  }
  await Promise.all(checks);
  return found;
}

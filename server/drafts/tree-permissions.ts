import type { AnyModelDb } from "../../engine/query/any-model-db.js";
import type { Tree } from "../../engine/query/draft-tree.js";
import type { Registry } from "../../engine/schema/registry.js";

/** May the caller publish this record (call `POST /api/{model}/{id}/publish`)? */
export type MayPublish = (model: string, id: string) => Promise<boolean>;

/** A tree cut by the caller's permissions: what it publishes, and what stays as it is though it differs. */
export interface PermittedTree {
  permitted: Tree;
  /** Records the caller may not publish whose publish would change something (never published, changed, removed). */
  withheld: Tree;
}

/**
 * Splits a tree into the records the caller may publish and the rest (docs/drafts.md, Publishing a
 * tree): a page editor publishing its page does not publish a product it may not publish, even one
 * a block of the page lists. Of the rest, only records whose working and published copies differ
 * are named: republishing an unchanged record would change nothing. Two queries per model with
 * refused records, never one per record.
 */
export async function permittedTree(
  db: AnyModelDb,
  registry: Registry,
  tree: Tree,
  may: MayPublish,
): Promise<PermittedTree> {
  const permitted: Tree = new Map();
  const withheld: Tree = new Map();
  await Promise.all(
    [...tree].map(async ([model, ids]) => {
      const list = [...ids];
      const allowed = await Promise.all(list.map((id) => may(model, id)));
      permitted.set(model, new Set(list.filter((_, i) => allowed[i])));
      const refused = list.filter((_, i) => !allowed[i]);
      if (refused.length === 0) return;
      const pending = await differing(db, registry, model, refused);
      if (pending.length > 0) withheld.set(model, new Set(pending));
    }),
  );
  return { permitted, withheld };
}

/**
 * `may` asked of every record of a tree before a transaction opens, as a look-up to use inside it:
 * the permission check may read roles on another connection, which inside the transaction would
 * wait for it to end (PGlite has one connection; a pool could run out). A record the tree gains
 * meanwhile is not published.
 */
export async function decidedAhead(tree: Tree, may: MayPublish): Promise<MayPublish> {
  const allowed = new Set<string>();
  const key = (model: string, id: string) => `${model} ${id}`;
  await Promise.all(
    [...tree].flatMap(([model, ids]) =>
      [...ids].map(async (id) => (await may(model, id)) && allowed.add(key(model, id))),
    ),
  );
  return async (model, id) => allowed.has(key(model, id));
}

/** Of these ids, those whose working and published copies differ (one missing, or another updatedAt). */
async function differing(db: AnyModelDb, registry: Registry, modelId: string, ids: string[]): Promise<string[]> {
  const model = registry.get(modelId);
  const read = (table: string) => db.selectFrom(table).select(["id", "updatedAt"]).where("id", "in", ids).execute();
  const [working, published] = await Promise.all([read(model.table), read(model.published!.table)]);
  const stamp = (rows: Record<string, unknown>[]) =>
    new Map(rows.map((r) => [r.id as string, new Date(r.updatedAt as string).getTime()]));
  const [w, p] = [stamp(working), stamp(published)];
  return ids.filter((id) => w.get(id) !== p.get(id));
}

/** The answer's `notPublished` (docs/drafts.md, Publishing a tree): each withheld record as `{ model, id }`. */
export const notPublishedOf = (withheld: Tree): { model: string; id: string }[] =>
  [...withheld].flatMap(([model, ids]) => [...ids].map((id) => ({ model, id })));

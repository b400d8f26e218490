import type { FastifyInstance } from "fastify";
import { validationErrorFromCauses, type ErrorCause } from "../../../../engine/errors.js";
import type { AnyModelDb } from "../../../../engine/query/any-model-db.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { RepositoryLookup } from "../../../../engine/query/transaction.js";
import { LANGUAGES } from "../../../../engine/schema/languages.js";
import { blockCatalogue, type ChildKind } from "../../../../common/site/block-catalogue.js";
import { isOwnedKind, linkedKind, OWNED_KINDS } from "./block-kinds.js";
import type { ItemInput, NewBlock, Texts } from "./block-input.js";
import { PAGE_WIDGETS, pageRows, renumber } from "./block-transaction.js";
import { textIn } from "./page-blocks-read.js";
import { ownEntry } from "../../../../engine/query/own-key.js";

/** Modules a host widget may link to (host/widgets-to-external-widgets' `externalModule`). */
const externalModules = (app: FastifyInstance) =>
  new Set(app.registry.get("host/widgets-to-external-widgets").fieldMap.get("externalModule")?.enum ?? []);

/** A plain string is the text of every language. */
export const toTexts = (texts: Texts | undefined): Record<string, string> =>
  typeof texts === "string" ? Object.fromEntries(LANGUAGES.map((l) => [l, texts])) : { ...(texts ?? {}) };

/**
 * Every refusal of a new block at once, before anything is written: an unknown module or variant,
 * a kind of child the variant does not take, an `after` that is no block of the page, an id
 * that names no record. Each cause names its field (`/content/products/1`).
 */
export async function checkNewBlock(
  app: FastifyInstance,
  graph: RelationGraph,
  trx: ModelQueries,
  pageId: string,
  input: NewBlock,
): Promise<void> {
  const causes: ErrorCause[] = [];
  const variants = ownEntry(blockCatalogue, input.module);
  if (!variants || !externalModules(app).has(input.module) || !app.registry.find(`${input.module}/widgets`)) {
    throw validationErrorFromCauses([
      { path: "/module", message: `must be a module with blocks (${Object.keys(blockCatalogue).join(", ")})` },
    ]);
  }
  const entry = ownEntry(variants, input.variant);
  if (!entry)
    throw validationErrorFromCauses([
      {
        path: "/variant",
        message: `must be one of ${input.module}'s block variants (${Object.keys(variants).join(", ")})`,
      },
    ]);
  if (input.after) {
    const rows = await pageRows(trx, pageId);
    if (!rows.some((r) => r.widgetId === input.after))
      causes.push({ path: "/after", message: "must be the id of a block of this page" });
  }
  if (input.content?.anchor !== undefined && !app.registry.get(`${input.module}/widgets`).fieldMap.has("anchor")) {
    causes.push({ path: "/content/anchor", message: `is not a field of ${input.module} blocks` });
  }
  for (const kind of childKinds(input)) {
    if (!entry.children.includes(kind)) {
      causes.push({
        path: `/content/${kind}`,
        message: `is not a kind of child a ${input.module} ${input.variant} block takes (${entry.children.join(", ") || "none"})`,
      });
      continue;
    }
    if (isOwnedKind(kind)) continue;
    const linked = linkedKind(graph, input.module, kind)!;
    const ids = input.content![kind] as string[];
    if (ids.length === 0) continue;
    // The kind's model is the catalogue's to name: a query for any model.
    const records: AnyModelDb = trx;
    const found = new Set(
      (
        await records.selectFrom(app.registry.get(linked.child).table).select("id").where("id", "in", ids).execute()
      ).map((r) => r.id as string),
    );
    ids.forEach((id, i) => {
      if (!found.has(id)) causes.push({ path: `/content/${kind}/${i}`, message: `is not a record of ${linked.child}` });
    });
  }
  if (causes.length) throw validationErrorFromCauses(causes);
}

const childKinds = (input: NewBlock) =>
  Object.keys(input.content ?? {}).filter(
    (k) => !["title", "subtitle", "description", "anchor"].includes(k),
  ) as ChildKind[];

/**
 * Writes a new block (checked by checkNewBlock) inside the page's transaction: the module widget
 * with its texts, its own children with their relation rows, links to the records it shows, the
 * host widget, the link between the two, and the block's place on the page — at the end, or
 * right after `after`, the page's rows renumbered 0..n-1. Answers the host widget's id.
 */
export async function writeNewBlock(
  app: FastifyInstance,
  graph: RelationGraph,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  input: NewBlock,
): Promise<string> {
  const content = input.content ?? {};
  const label = blockCatalogue[input.module]![input.variant]!.label;
  const title = toTexts(content.title);
  const name = textIn(title, "en") ?? label.en;
  const widget = await repository(`${input.module}/widgets`).create({
    adminTitle: name,
    variant: input.variant,
    title,
    subtitle: toTexts(content.subtitle),
    description: toTexts(content.description),
    ...(content.anchor !== undefined ? { anchor: content.anchor } : {}),
  });
  for (const kind of childKinds(input)) {
    const items = content[kind] ?? [];
    if (items.length === 0) continue;
    if (isOwnedKind(kind))
      await writeOwned(graph, repository, String(widget.id), kind, items as ItemInput[], `${name}: ${kind}`);
    else {
      const linked = linkedKind(graph, input.module, kind)!;
      for (const [orderIndex, id] of (items as string[]).entries())
        await repository(linked.relation).create({ [linked.parentKey]: widget.id, [linked.childKey]: id, orderIndex });
    }
  }
  const host = await repository("host/widgets").create({ adminTitle: `${label.en}: ${name}`.slice(0, 500) });
  await repository("host/widgets-to-external-widgets").create({
    widgetId: host.id,
    externalModule: input.module,
    externalWidgetId: widget.id,
    orderIndex: 0,
  });
  await place(app, repository, trx, pageId, String(host.id), input.after);
  return String(host.id);
}

/** Puts a host widget on the page: at the end, or right after the block `after`; the page's rows renumbered. */
export async function place(
  _app: FastifyInstance,
  repository: RepositoryLookup,
  trx: ModelQueries,
  pageId: string,
  hostId: string,
  after: string | undefined,
) {
  const rows = await pageRows(trx, pageId);
  const link = await repository(PAGE_WIDGETS).create({ pageId, widgetId: hostId, orderIndex: rows.length });
  const at = after ? rows.findIndex((r) => r.widgetId === after) + 1 : rows.length;
  if (at === rows.length) return;
  rows.splice(at, 0, { id: String(link.id), widgetId: hostId, orderIndex: rows.length });
  await renumber(repository, rows);
}

/** Features, buttons (in one buttons array) or slides (in one slider) made from the content, each in order. */
async function writeOwned(
  graph: RelationGraph,
  repository: RepositoryLookup,
  widgetId: string,
  kind: keyof typeof OWNED_KINDS,
  items: ItemInput[],
  name: string,
) {
  const how = OWNED_KINDS[kind];
  const keyOf = (relation: string, side: 0 | 1) =>
    side === 0 ? graph.relations.get(relation)!.parent.key : graph.relations.get(relation)!.child.key;
  let parentId = widgetId;
  let relation = how.relation;
  if (how.holder) {
    const holder = await repository(how.holder.model).create({ adminTitle: name.slice(0, 500) });
    await repository(how.relation).create({
      [keyOf(how.relation, 0)]: widgetId,
      [keyOf(how.relation, 1)]: holder.id,
      orderIndex: 0,
    });
    parentId = String(holder.id);
    relation = how.holder.relation;
  }
  for (const [orderIndex, item] of items.entries()) {
    const title = toTexts(item.title);
    const child = await repository(how.child).create({
      adminTitle: textIn(title, "en") ?? `${name} ${orderIndex + 1}`,
      title,
      subtitle: toTexts(item.subtitle),
      description: toTexts(item.description),
      ...(item.variant ? { variant: item.variant } : {}),
      ...(item.url !== undefined ? { url: item.url } : {}),
    });
    await repository(relation).create({ [keyOf(relation, 0)]: parentId, [keyOf(relation, 1)]: child.id, orderIndex });
  }
}

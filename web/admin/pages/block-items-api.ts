import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { etagOfRecord } from "../../../common/record-etag.js";
import { ifMatchHeader, type GuardedAnswer } from "../form/guarded-save.js";
import type { Texts } from "./pages-api.js";

type Row = Record<string, any>;

/** One step from a record to the records it holds: the relation (an x-embed of the holder's model) and its two keys. */
export interface Hop {
  relation: string;
  parentKey: string;
  childKey: string;
  child: string;
}

/** One child of a block (a feature, a button…): the record, its relation row and the record holding it. */
export interface Item {
  key: string;
  id?: string;
  relationId?: string;
  parentId?: string;
  orderIndex: number;
  title: Texts;
  /** The body text, per language, of a kind edited with it (features, slides). */
  description?: Texts;
  url?: string;
  /** The record's look (a navigation link's `ghost`): a row added after it takes the same. */
  variant?: string;
  /** The state the record was read or last saved in (from its updatedAt: a list answers no ETag per row), sent as If-Match. */
  etag?: string;
  /** A row an undo puts back: made at its old order index rather than at the end. */
  restoreAt?: number;
}

/** The models a kind of child is reached through, from the block's widget: a button sits in a buttons array. */
const KIND_MODELS: Record<string, string[]> = {
  features: ["website-builder/features"],
  buttons: ["website-builder/buttons-arrays", "website-builder/buttons"],
  slides: ["website-builder/sliders", "website-builder/slides"],
  logotypes: ["website-builder/logotypes"],
};

/** The path of a kind from a block's widget model, read from the generated models' embeds; none when the models do not say. */
export function pathOf(kind: string, widgetModel: string, models: Map<string, AdminModel>): Hop[] | undefined {
  const chain = KIND_MODELS[kind] ?? KIND_MODELS[`${kind}s`];
  if (!chain) return undefined;
  const hops: Hop[] = [];
  let holder = widgetModel;
  for (const child of chain) {
    const embed = models.get(holder)?.embeds.find((e) => e.childModel === child);
    if (!embed) return undefined;
    hops.push({
      relation: embed.relation,
      parentKey: embed.parentKey,
      childKey: embed.childKey,
      child,
    });
    holder = child;
  }
  return hops;
}

const route = (model: string) => `/api/${model}`;
const where = (column: string, method: string, value: unknown) => ({
  "filters[and]": JSON.stringify([{ column, method, value }]),
  draft: true,
  limit: 1000,
});

/** The relation rows under `parents`, in their order. */
const rowsUnder = (hop: Hop, parents: string[]) =>
  parents.length
    ? api<Row[]>(route(hop.relation), {
        query: where(hop.parentKey, "inArray", parents),
      })
    : Promise.resolve([]);

/** A block's children of one kind as stored: each relation row with its record, in order, and the records holding them at the last step. */
export async function loadChildren(
  hops: Hop[],
  widgetId: string,
): Promise<{ holders: string[]; children: { row: Row; record: Row }[] }> {
  let parents = [widgetId];
  for (const hop of hops.slice(0, -1)) parents = (await rowsUnder(hop, parents)).map((r) => String(r[hop.childKey]));
  const last = hops[hops.length - 1]!;
  const rows = await rowsUnder(last, parents);
  const ids = rows.map((r) => String(r[last.childKey]));
  const records = ids.length
    ? await api<Row[]>(route(last.child), {
        query: where("id", "inArray", ids),
      })
    : [];
  const byId = new Map(records.map((r) => [String(r.id), r]));
  const children = rows
    .filter((r) => byId.has(String(r[last.childKey])))
    .map((row) => ({ row, record: byId.get(String(row[last.childKey]))! }));
  return { holders: parents, children };
}

/** A block's children of one kind, in order, and the records holding them at the last step (a buttons array). */
export async function loadItems(hops: Hop[], widgetId: string): Promise<{ holders: string[]; items: Item[] }> {
  const last = hops[hops.length - 1]!;
  const { holders, children } = await loadChildren(hops, widgetId);
  const items = children.map(({ row: r, record }) => ({
    key: String(r.id),
    id: String(record.id),
    relationId: String(r.id),
    parentId: String(r[last.parentKey]),
    orderIndex: Number(r.orderIndex ?? 0),
    title: (record.title ?? {}) as Texts,
    description: (record.description ?? {}) as Texts,
    url: typeof record.url === "string" ? record.url : "",
    ...(typeof record.variant === "string" && record.variant ? { variant: record.variant } : {}),
    etag: etagOfRecord(record),
  }));
  return { holders, items };
}

/** The holder at the last step, made when the block has none yet (a buttons array for its first button). */
async function holderFor(hops: Hop[], widgetId: string, holders: string[]): Promise<string> {
  if (hops.length === 1) return widgetId;
  if (holders[0]) return holders[0];
  let parent = widgetId;
  for (const hop of hops.slice(0, -1)) {
    const made = await api<Row>(route(hop.child), { method: "POST", body: {} });
    await api(route(hop.relation), {
      method: "POST",
      body: { [hop.parentKey]: parent, [hop.childKey]: made.id, orderIndex: 0 },
    });
    parent = String(made.id);
  }
  return parent;
}

/**
 * A new child at the end of the list: the record, then its relation row at the next order index.
 * Two generic calls (no route writes both); should the row be refused, the record is removed again
 * so no orphan stays.
 */
export async function createItem(
  hops: Hop[],
  widgetId: string,
  holders: string[],
  item: Item,
  nextIndex: number,
  fields: Row,
): Promise<Item> {
  const last = hops[hops.length - 1]!;
  const parentId = await holderFor(hops, widgetId, holders);
  const record = await api<Row>(route(last.child), {
    method: "POST",
    body: fields,
  });
  try {
    const row = await api<Row>(route(last.relation), {
      method: "POST",
      body: {
        [last.parentKey]: parentId,
        [last.childKey]: record.id,
        orderIndex: nextIndex,
      },
    });
    return {
      ...item,
      id: String(record.id),
      relationId: String(row.id),
      parentId,
      orderIndex: nextIndex,
      etag: etagOfRecord(record),
    };
  } catch (error) {
    await api(`${route(last.child)}/${record.id}`, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
}

/** Saves the item's fields with If-Match `ifMatch`: a 412 when someone else saved it since (guarded-save.ts). */
export async function saveItem(hops: Hop[], id: string, fields: Row, ifMatch?: string): Promise<GuardedAnswer<Row>> {
  let answered: string | undefined;
  const value = await api<Row>(`${route(hops[hops.length - 1]!.child)}/${id}`, {
    method: "PATCH",
    body: fields,
    headers: ifMatchHeader(ifMatch),
    onHeaders: (headers) => (answered = headers.get("etag") ?? undefined),
  });
  return { value, etag: answered ?? etagOfRecord(value) };
}

/** Writes the children's new order indexes (`{ relationId, orderIndex }` of their relation rows) in one all-or-nothing request. */
export async function orderItems(hops: Hop[], rows: { relationId: string; orderIndex: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await api(`${route(hops[hops.length - 1]!.relation)}/bulk`, {
    method: "PATCH",
    body: rows.map((r) => ({ id: r.relationId, orderIndex: r.orderIndex })),
  });
}

/** Takes the child out of the block; the record itself goes too unless another block still lists it. */
export async function removeItem(hops: Hop[], item: Item): Promise<void> {
  const last = hops[hops.length - 1]!;
  if (item.relationId)
    await api(`${route(last.relation)}/${item.relationId}`, {
      method: "DELETE",
    });
  if (!item.id) return;
  const others = await api<number>(`${route(last.relation)}/count`, {
    query: {
      "filters[and]": JSON.stringify([{ column: last.childKey, method: "eq", value: item.id }]),
      draft: true,
    },
  });
  if (others === 0) await api(`${route(last.child)}/${item.id}`, { method: "DELETE" });
}

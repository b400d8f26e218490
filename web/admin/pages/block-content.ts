import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { api } from "../../api/client.js";
import { loadChildren, pathOf } from "./block-items-api.js";
import type { Block } from "./pages-api.js";

type Row = Record<string, any>;
type Texts = string | Record<string, string>;

/** What POST /api/host/pages/{id}/blocks makes a block from (docs/api.md "Page blocks"): its module, variant and content. */
export interface BlockCopy {
  module: string;
  variant: string;
  content: Row;
  /** The ids of its features, buttons and slides, in order: the steps naming them follow the ones made again. */
  owned: Record<string, string[]>;
}

/** The kinds a block owns (written from the content as items); the others are records it names by id. */
const OWNED = new Set(["features", "buttons", "slides"]);
const WITH_URL = new Set(["buttons", "slides"]);

/** A stored language map as the blocks API takes it: only its texts (a missing language is no entry). */
const textsOf = (value: unknown): Texts | undefined => {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return undefined;
  return Object.fromEntries(Object.entries(value).filter(([, text]) => typeof text === "string"));
};

const itemOf = (record: Row, kind: string): Row => {
  const item: Row = { title: textsOf(record.title) ?? {} };
  for (const name of ["subtitle", "description"]) {
    const texts = textsOf(record[name]);
    if (texts !== undefined) item[name] = texts;
  }
  if (WITH_URL.has(kind)) item.url = typeof record.url === "string" ? record.url : "";
  if (typeof record.variant === "string" && record.variant) item.variant = record.variant;
  return item;
};

const byOrder = (a: { row: Row }, b: { row: Row }) => Number(a.row.orderIndex ?? 0) - Number(b.row.orderIndex ?? 0);

/**
 * A block as the blocks API would make it again, read before it is removed (undoing the removal
 * posts it back): its texts and anchor, its features, buttons and slides with their texts and
 * links, and the ids of the records it shows (products, articles, files…). What the content has
 * no place for — a slide's own buttons or pictures — is not brought back.
 */
export async function readBlock(block: Block, kinds: string[], models: Map<string, AdminModel>): Promise<BlockCopy> {
  const modelId = `${block.module}/widgets`;
  const widget = await api<Row>(`/api/${modelId}/${block.widgetId}`, { query: { draft: true } });
  const content: Row = {};
  const owned: Record<string, string[]> = {};
  for (const name of ["title", "subtitle", "description"]) {
    const texts = textsOf(widget[name]);
    if (texts !== undefined) content[name] = texts;
  }
  if (typeof widget.anchor === "string" && widget.anchor) content.anchor = widget.anchor;
  for (const kind of kinds) {
    const hops = OWNED.has(kind) ? pathOf(kind, modelId, models) : undefined;
    if (hops) {
      const { children } = await loadChildren(hops, block.widgetId);
      const sorted = [...children].sort(byOrder);
      if (sorted.length) content[kind] = sorted.map(({ record }) => itemOf(record, kind));
      owned[kind] = sorted.map(({ record }) => String(record.id));
      continue;
    }
    const embed = models.get(modelId)?.embeds.find((e) => e.childModel.split("/")[1] === kind);
    if (!embed) continue;
    const rows = await api<Row[]>(`/api/${embed.relation}`, {
      query: {
        "filters[and]": JSON.stringify([{ column: embed.parentKey, method: "eq", value: block.widgetId }]),
        draft: true,
        limit: 1000,
      },
    });
    const ids = [
      ...new Set(
        [...rows]
          .sort((a, b) => Number(a.orderIndex ?? 0) - Number(b.orderIndex ?? 0))
          .map((r) => String(r[embed.childKey])),
      ),
    ];
    if (ids.length) content[kind] = ids;
  }
  return { module: block.module, variant: block.variant, content, owned };
}

/** The ids of a block's own children of `kind`, in order (to pair with the ones it had before). */
export async function ownedIds(
  block: Pick<Block, "module" | "widgetId">,
  kind: string,
  models: Map<string, AdminModel>,
) {
  const hops = pathOf(kind, `${block.module}/widgets`, models);
  if (!hops) return [];
  const { children } = await loadChildren(hops, block.widgetId);
  return [...children]
    .sort(byOrder)
    .map(({ row, record }) => ({ id: String(record.id), orderIndex: Number(row.orderIndex ?? 0) }));
}

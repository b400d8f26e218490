import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { ownedIds, readBlock, type BlockCopy } from "./block-content.js";
import { type Identities, orderLike, Reported, type Step } from "./composer-history.js";
import { addBlock, orderBlocks, removeBlock, type Block, type Texts } from "./pages-api.js";
import type { PanelHandles } from "./panel-handles.js";

/** A page block as steps name it: its ids follow it when an undo makes it again (composer-history.ts). */
export interface BlockRef {
  id: string;
  widgetId: string;
  serial: number;
}

/** One item (a feature, a button) as steps name it; `orderIndex` is where it goes back to. */
export interface ItemRef {
  id?: string;
  serial: number;
  orderIndex?: number;
}

/** An item's fields an item step puts back; none when the row did not exist. */
export interface ItemState {
  title: Texts;
  /** A feature's or slide's body text (kinds edited with their text). */
  description?: Texts;
  url?: string;
}

/** The texts panel of a block, reached by an undo (panel-handles.ts). */
export interface TextsHandle {
  set(field: string, language: string, value: string): void;
}
/** The rows of one kind of a block's items, reached by an undo. */
export interface ItemsHandle {
  put(item: ItemRef, state: ItemState | undefined): Promise<void>;
  /** Puts the rows in this order (rows not named keep their places after them). */
  order(items: ItemRef[]): Promise<void>;
}

/** What steps do their work with: the composer's own ways of saving, read at the time they run. */
export interface StepContext {
  pageId: string;
  /** Sends the saves still waiting (typing) and waits for every answer. */
  flush(): Promise<void>;
  /** A blocks API change the composer's way (busy mark, blocks read again, preview); undefined when it failed (told). */
  change<T>(work: () => Promise<T>): Promise<T | undefined>;
  /** The page's own blocks as last read. */
  pageBlocks(): Block[];
  select(id: string): void;
  kindsOf(block: Block): string[];
  models(): Map<string, AdminModel>;
  blocks: Identities<BlockRef>;
  itemRefs: Identities<ItemRef>;
  texts: PanelHandles<TextsHandle>;
  items: PanelHandles<ItemsHandle>;
}

/** A block as it was before it left the page: what makes it again, and its place. */
export type PlacedCopy = BlockCopy & { index: number };

/** Reads the block (to make it again) and removes it. */
export async function takeOut(ctx: StepContext, ref: BlockRef): Promise<PlacedCopy> {
  await ctx.flush();
  const blocks = ctx.pageBlocks();
  const index = blocks.findIndex((b) => b.id === ref.id);
  const block = blocks[index];
  if (!block) throw new Error("the block is no longer on the page");
  const copy = await readBlock(block, ctx.kindsOf(block), ctx.models());
  if ((await ctx.change(() => removeBlock(ctx.pageId, ref.id))) === undefined) throw new Reported();
  return { ...copy, index };
}

/** Makes the block again from its copy, in its place; the steps naming it follow its new ids. */
export async function putBack(ctx: StepContext, ref: BlockRef, copy: PlacedCopy): Promise<void> {
  await ctx.flush();
  const blocks = ctx.pageBlocks();
  const after = copy.index > 0 ? blocks[Math.min(copy.index, blocks.length) - 1]?.id : undefined;
  const made = await ctx.change(async () => {
    const block = await addBlock(ctx.pageId, {
      module: copy.module,
      variant: copy.variant,
      content: copy.content,
      ...(after ? { after } : {}),
    });
    // The first place has no block before it: the new block (made at the end) is moved up.
    if (!after && blocks.length) await orderBlocks(ctx.pageId, [block.id, ...blocks.map((b) => b.id)]);
    return block;
  });
  if (!made) throw new Reported();
  ctx.blocks.follow(ref, { id: made.id, widgetId: made.widgetId });
  // Its features, buttons and slides were made again too: the steps on the old ones follow, pair by pair.
  for (const [kind, before] of Object.entries(copy.owned)) {
    if (!before.some((id) => ctx.itemRefs.find(id))) continue;
    const now = await ownedIds(made, kind, ctx.models());
    before.forEach((id, index) => {
      const item = ctx.itemRefs.find(id);
      const next = now[index];
      if (item && next) ctx.itemRefs.follow(item, next);
    });
  }
  ctx.select(made.id);
}

/** A block added (or a copy made by Duplicate): undo takes it out, redo puts it back as it was then. */
export function blockAdded(ctx: StepContext, ref: BlockRef): Step {
  let copy: PlacedCopy | undefined;
  return {
    undo: async () => void (copy = await takeOut(ctx, ref)),
    redo: () => putBack(ctx, ref, copy!),
  };
}

/** A block removed: undo makes it again with its texts and children, in its place. */
export function blockRemoved(ctx: StepContext, ref: BlockRef, removed: PlacedCopy): Step {
  let copy = removed;
  return {
    undo: () => putBack(ctx, ref, copy),
    redo: async () => void (copy = await takeOut(ctx, ref)),
  };
}

/** The page's blocks reordered: each way puts the named blocks back in that order. */
export function blocksOrdered(ctx: StepContext, before: BlockRef[], after: BlockRef[]): Step {
  const order = (refs: BlockRef[]) => async () => {
    await ctx.flush();
    const current = ctx.pageBlocks().map((b) => b.id);
    const ids = orderLike(
      current,
      refs.map((r) => r.id),
    );
    if ((await ctx.change(() => orderBlocks(ctx.pageId, ids))) === undefined) throw new Reported();
  };
  return { undo: order(before), redo: order(after) };
}

/**
 * Typing in one of a block's texts (one field, one language): the block is chosen and the value
 * put back through its panel, saved at once.
 */
export function textTyped(
  ctx: StepContext,
  ref: BlockRef,
  field: string,
  language: string,
  before: string,
  after: string,
): Step {
  const put = (value: string) => async () => {
    await ctx.flush();
    ctx.select(ref.id);
    (await ctx.texts.waitFor(ref.widgetId)).set(field, language, value);
    await ctx.flush();
  };
  return { group: `texts:${ref.serial}:${field}:${language}`, undo: put(before), redo: put(after) };
}

/**
 * An item row added, edited or removed: the block is chosen and the row put back in its state
 * (made again, changed, or taken out) through the block's items panel.
 */
export function itemChanged(
  ctx: StepContext,
  ref: BlockRef,
  kind: string,
  item: ItemRef,
  before: ItemState | undefined,
  after: ItemState | undefined,
  group?: string,
): Step {
  const put = (state: ItemState | undefined) => async () => {
    await ctx.flush();
    ctx.select(ref.id);
    await (await ctx.items.waitFor(`${ref.widgetId}:${kind}`)).put(item, state);
    await ctx.flush();
  };
  return { ...(group ? { group } : {}), undo: put(before), redo: put(after) };
}

/** A block's item rows reordered (a link moved up the navigation): each way puts the rows in that order. */
export function itemsOrdered(ctx: StepContext, ref: BlockRef, kind: string, before: ItemRef[], after: ItemRef[]): Step {
  const order = (items: ItemRef[]) => async () => {
    await ctx.flush();
    ctx.select(ref.id);
    await (await ctx.items.waitFor(`${ref.widgetId}:${kind}`)).order(items);
    await ctx.flush();
  };
  return { undo: order(before), redo: order(after) };
}

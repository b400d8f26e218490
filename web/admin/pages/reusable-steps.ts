import { Reported, type Step } from "./composer-history.js";
import type { BlockRef, StepContext } from "./composer-steps.js";
import { orderBlocks, placeReusable, removeBlock } from "./pages-api.js";

/**
 * Undo steps of a reusable block's place on the page. Unlike a block of the page's own, it is not
 * made again from a copy of its content: its place is taken off and put back, linking the same
 * shared record (its id does not change), which the other pages keep in the meantime.
 */

/** Takes this page's place of the block off (the shared block stays on the other pages); answers where it stood. */
async function takeOff(ctx: StepContext, ref: BlockRef): Promise<number> {
  await ctx.flush();
  const index = ctx.pageBlocks().findIndex((b) => b.id === ref.id);
  if ((await ctx.change(() => removeBlock(ctx.pageId, ref.id))) === undefined) throw new Reported();
  return index;
}

/** Places the shared block on the page again at `index`. */
async function putOn(ctx: StepContext, ref: BlockRef, index: number): Promise<void> {
  await ctx.flush();
  const blocks = ctx.pageBlocks();
  const after = index > 0 ? blocks[Math.min(index, blocks.length) - 1]?.id : undefined;
  const placed = await ctx.change(async () => {
    const block = await placeReusable(ctx.pageId, ref.id, after);
    // The first place has no block before it: the block (placed at the end) is moved up.
    if (!after && blocks.length) await orderBlocks(ctx.pageId, [block.id, ...blocks.map((b) => b.id)]);
    return block;
  });
  if (!placed) throw new Reported();
  ctx.select(placed.id);
}

/** A reusable block placed from the palette: undo takes its place off, redo places it again there. */
export function reusablePlaced(ctx: StepContext, ref: BlockRef): Step {
  let index = -1;
  return {
    undo: async () => void (index = await takeOff(ctx, ref)),
    redo: () => putOn(ctx, ref, index),
  };
}

/** A reusable block taken off this page while other pages keep it: undo places it again where it stood. */
export function reusableRemoved(ctx: StepContext, ref: BlockRef, index: number): Step {
  let at = index;
  return {
    undo: () => putOn(ctx, ref, at),
    redo: async () => void (at = await takeOff(ctx, ref)),
  };
}

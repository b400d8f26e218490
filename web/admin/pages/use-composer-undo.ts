import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { readBlock } from "./block-content.js";
import { ComposerHistory, Identities } from "./composer-history.js";
import {
  blockAdded,
  blockRemoved,
  blocksOrdered,
  itemChanged,
  itemsOrdered,
  textTyped,
  type BlockRef,
  type ItemRef,
  type ItemState,
  type ItemsHandle,
  type StepContext,
  type TextsHandle,
} from "./composer-steps.js";
import { PanelHandles } from "./panel-handles.js";
import type { Block, CatalogueVariant, ReusableBlock } from "./pages-api.js";
import { reusablePlaced, reusableRemoved } from "./reusable-steps.js";
import { undoKeyOf } from "./undo-keys.js";
import { moved, type Composer } from "./use-composer.js";
import type { SaveQueue } from "./use-save-queue.js";

/** The attribute on the composer's element: its fields' Ctrl+Z is the composer's undo. */
export const UNDO_SCOPE = "data-undo-scope";

/**
 * Undo and redo for one page in the composer: the history (composer-history.ts), the composer's
 * block changes wrapped so each is recorded, what the panels record as the editor types, and the
 * keys. Made anew for each page: leaving the page (or opening another) starts a new history.
 */
export function useComposerUndo(pageId: string, composer: Composer, queue: SaveQueue) {
  const { byId } = useModels();
  // Steps run long after the render that recorded them: they read the composer as it is now.
  const now = useRef({ composer, queue, byId });
  now.current = { composer, queue, byId };

  const kit = useMemo(() => {
    const history = new ComposerHistory({ onError: notifyError });
    const blocks = new Identities<BlockRef>((id, serial) => ({ id: id ?? "", widgetId: "", serial }));
    const ctx: StepContext = {
      pageId,
      flush: () => now.current.queue.flush(),
      change: (work) => now.current.composer.change(work),
      pageBlocks: () => now.current.composer.readBlocks(),
      select: (id) => now.current.composer.setSelected(id),
      kindsOf: (block) => now.current.composer.variantOf(block)?.children ?? [],
      models: () => now.current.byId,
      blocks,
      itemRefs: new Identities<ItemRef>((id, serial) => ({ ...(id ? { id } : {}), serial })),
      texts: new PanelHandles<TextsHandle>(),
      items: new PanelHandles<ItemsHandle>(),
    };
    return { history, ctx };
  }, [pageId]);
  const { history, ctx } = kit;
  // Renders again only when the buttons change (not on every keystroke of a burst).
  useSyncExternalStore(history.subscribe, () => `${history.canUndo} ${history.canRedo} ${history.busy}`);

  /** The ref steps hold for a block (the same one for every step on it). */
  const refOf = (block: Block) => {
    const ref = ctx.blocks.of(block.id);
    ref.widgetId ||= block.widgetId;
    return ref;
  };

  const add = async (variant: CatalogueVariant) => {
    const block = await composer.add(variant);
    if (block) history.record(blockAdded(ctx, refOf(block)));
    return block;
  };
  const duplicate = async (block: Block) => {
    const copy = await composer.duplicate(block);
    if (copy) history.record(blockAdded(ctx, refOf(copy)));
    return copy;
  };
  const place = async (shared: ReusableBlock) => {
    const block = await composer.place(shared);
    if (block) history.record(reusablePlaced(ctx, refOf(block)));
    return block;
  };
  const remove = async (block: Block) => {
    await queue.flush();
    const index = composer.readBlocks().findIndex((b) => b.id === block.id);
    // A reusable block other pages keep: undo places the same record again (taken off its last
    // page it is gone, and an undo makes it again from its content like any block, not shared).
    if (block.reusable && block.reusable.usedOn > 1) {
      const done = await composer.remove(block);
      if (done !== undefined) history.record(reusableRemoved(ctx, refOf(block), index));
      return done;
    }
    // Read before it goes: undoing the removal makes it again from this.
    const copy = await readBlock(block, composer.variantOf(block)?.children ?? [], byId).catch((error) => {
      notifyError(error);
      return undefined;
    });
    if (!copy) return undefined;
    const done = await composer.remove(block);
    if (done !== undefined) history.record(blockRemoved(ctx, refOf(block), { ...copy, index }));
    return done;
  };
  const reorder = async (ids: string[]) => {
    const before = composer.readBlocks().map(refOf);
    const done = await composer.reorder(ids);
    if (done !== undefined)
      history.record(
        blocksOrdered(
          ctx,
          before,
          ids.map((id) => ctx.blocks.of(id)),
        ),
      );
    return done;
  };
  const move = (block: Block, to: number) =>
    reorder(
      moved(
        composer.pageBlocks.map((b) => b.id),
        block.id,
        to,
      ),
    );

  // Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z or Ctrl+Y, anywhere on the composer, text fields included.
  // In a field the browser's own undo is not left to run: every keystroke is already a step of
  // this history (a burst in one field is one step), so while a field has typing not yet saved
  // (or just saved) the app's undo reverts that field's burst first — the text the browser would
  // have put back — and saves it, where the browser's undo would change only the screen (and
  // React's controlled inputs keep no reliable undo stack of their own). In a dialog (the block
  // palette, All fields, page settings, a conflict) and in a field outside the composer (the
  // admin's search) the keys stay the field's own.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const which = undoKeyOf(event);
      if (!which || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : undefined;
      if (target?.closest('[role="dialog"]')) return;
      const field = target?.closest("input, textarea, select, [contenteditable]");
      if (field && !field.closest(`[${UNDO_SCOPE}]`)) return;
      event.preventDefault();
      void (which === "undo" ? history.undo() : history.redo());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [history]);

  return {
    /** The composer with its block changes recorded. */
    composer: { ...composer, add, duplicate, place, remove, reorder, move } satisfies Composer,
    canUndo: history.canUndo,
    canRedo: history.canRedo,
    busy: history.busy,
    undo: () => history.undo(),
    redo: () => history.redo(),
    /** A field lost focus: its next keystroke is a new step. */
    seal: () => history.seal(),
    /** Forgets every step (the page was restored to an older version). */
    clear: () => history.clear(),
    texts: ctx.texts,
    items: ctx.items,
    itemRefs: ctx.itemRefs,
    /** Typing in a block's text (one field, one language). */
    typed: (block: Block, field: string, language: string, before: string, after: string) => {
      if (before !== after) history.record(textTyped(ctx, refOf(block), field, language, before, after));
    },
    /** An item row added (`before` none), edited or removed (`after` none). */
    itemChanged: (
      block: Block,
      kind: string,
      item: ItemRef,
      before: ItemState | undefined,
      after: ItemState | undefined,
      group?: string,
    ) => {
      if (JSON.stringify(before) !== JSON.stringify(after))
        history.record(itemChanged(ctx, refOf(block), kind, item, before, after, group));
    },
    /** A block's item rows put in another order. */
    itemsOrdered: (block: Block, kind: string, before: ItemRef[], after: ItemRef[]) =>
      history.record(itemsOrdered(ctx, refOf(block), kind, before, after)),
  };
}

export type ComposerUndo = ReturnType<typeof useComposerUndo>;

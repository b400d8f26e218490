import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { notifyError, notifySuccess } from "../notify.js";
import {
  addBlock,
  detachReusable,
  duplicateBlock,
  loadBlocks,
  loadCatalogue,
  loadPage,
  orderBlocks,
  placeReusable,
  removeBlock,
  saveReusable,
  textOf,
  type Block,
  type ReusableBlock,
  type CatalogueModule,
  type CatalogueVariant,
  type PageRow,
} from "./pages-api.js";
import { pagesTexts } from "./pages-texts.js";
import { reusableTexts } from "./reusable-texts.js";

/** Where a block sits in `ids` after moving it by `by` places (clamped to the list). */
export function moved(ids: string[], id: string, to: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return ids;
  const target = Math.max(0, Math.min(ids.length - 1, to));
  const next = ids.filter((x) => x !== id);
  next.splice(target, 0, id);
  return next;
}

/**
 * `next` with every block that did not change kept as the object read before: the outline draws a
 * row again only when its block changed (a page of 100 blocks, read again after each change).
 */
export function keepUnchanged(before: Block[], next: Block[]): Block[] {
  const old = new Map(before.map((b) => [b.id, b]));
  return next.map((block) => {
    const was = old.get(block.id);
    return was && JSON.stringify(was) === JSON.stringify(block) ? was : block;
  });
}

/**
 * The composer's state: the page, its blocks in order, the catalogue, the selected block, and a
 * counter the preview reloads on. Every change goes to the blocks API and then reads the blocks
 * again (the server's order is the truth), and bumps the counter.
 */
export function useComposer(pageId: string, preview?: { order(widgetIds: string[]): void }) {
  const t = pagesTexts();
  const r = reusableTexts();
  const [page, setPageState] = useState<PageRow & Record<string, unknown>>();
  const setPage = useCallback(
    (record: Record<string, any>) => setPageState(record as PageRow & Record<string, unknown>),
    [],
  );
  const [blocks, setBlocks] = useState<Block[]>();
  const [catalogue, setCatalogue] = useState<CatalogueModule[]>([]);
  const [selected, setSelected] = useState<string>();
  const [changes, setChanges] = useState(0);
  // Saves the preview already shows (texts written into its frame): the page's state is read again, the frame is not.
  const [shownSaves, setShownSaves] = useState(0);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  // The blocks as last read, for what runs between renders (an undo's next step).
  const lastRead = useRef<Block[]>([]);
  const refresh = useCallback(async () => {
    const next = keepUnchanged(lastRead.current, await loadBlocks(pageId, t.language));
    lastRead.current = next;
    if (alive.current) setBlocks(next);
    return next;
  }, [pageId, t.language]);
  /** The page's own blocks as last read from the server (not waiting for a render). */
  const readBlocks = useCallback(() => lastRead.current.filter((b) => b.region === "page"), []);
  const reloadPage = useCallback(async () => {
    const next = await loadPage(pageId);
    if (alive.current) setPageState(next);
    return next;
  }, [pageId]);

  useEffect(() => {
    const controller = new AbortController();
    loadPage(pageId, controller.signal).then(setPageState, (e) => controller.signal.aborted || notifyError(e));
    loadBlocks(pageId, t.language, controller.signal).then(
      (next) => {
        lastRead.current = next;
        setBlocks(next);
      },
      (e) => controller.signal.aborted || notifyError(e),
    );
    loadCatalogue(controller.signal).then(setCatalogue, (e) => controller.signal.aborted || notifyError(e));
    return () => controller.abort();
  }, [pageId, t.language]);

  const variants = useMemo(
    () => new Map(catalogue.flatMap((m) => m.variants.map((v) => [`${v.module}/${v.variant}`, v] as const))),
    [catalogue],
  );
  const variantOf = useCallback(
    (block: Block): CatalogueVariant | undefined => variants.get(`${block.module}/${block.variant}`),
    [variants],
  );
  /** A block's name in the outline, dialogs and accessible names: its title, else its variant's label. */
  const nameOf = useCallback(
    (block: Block) => textOf(block.title, t.language) || textOf(variantOf(block)?.label, t.language) || block.variant,
    [t.language, variantOf],
  );

  /**
   * Runs one change, then reads the blocks again and tells the preview (also after a failure: the
   * server may have done part). Answers the change's result, or undefined when it failed (told).
   */
  const change = useCallback(
    async <T>(work: () => Promise<T>, done?: (result: T, blocks: Block[]) => void): Promise<T | undefined> => {
      setBusy(true);
      try {
        const result = await work();
        const next = await refresh();
        done?.(result, next);
        return result;
      } catch (error) {
        notifyError(error);
        await refresh().catch(() => undefined);
        return undefined;
      } finally {
        if (alive.current) {
          setBusy(false);
          setChanges((n) => n + 1);
        }
      }
    },
    [refresh],
  );

  const pageBlocks = useMemo(() => (blocks ?? []).filter((b) => b.region === "page"), [blocks]);

  const add = (variant: CatalogueVariant) => {
    const after = pageBlocks.some((b) => b.id === selected) ? selected : undefined;
    return change(
      () =>
        addBlock(pageId, {
          module: variant.module,
          variant: variant.variant,
          ...(after ? { after } : {}),
        }),
      (block) => {
        setSelected(block.id);
        notifySuccess(t.added(textOf(variant.label, t.language)));
      },
    );
  };
  const reorder = (ids: string[]) => {
    // Shown at once in the new order, in the outline and the preview; the server's answer (read again) confirms it.
    const widgetOf = new Map((blocks ?? []).map((b) => [b.id, b.widgetId]));
    preview?.order(ids.flatMap((id) => widgetOf.get(id) ?? []));
    setBlocks(
      (list) =>
        list && [
          ...list.filter((b) => b.region !== "page"),
          ...ids.map((id) => list.find((b) => b.id === id)!).filter(Boolean),
        ],
    );
    return change(() => orderBlocks(pageId, ids));
  };
  const move = (block: Block, to: number) =>
    reorder(
      moved(
        pageBlocks.map((b) => b.id),
        block.id,
        to,
      ),
    );
  const remove = (block: Block) =>
    change(
      () => removeBlock(pageId, block.id),
      () => {
        if (selected === block.id) setSelected(undefined);
        notifySuccess(t.removed(nameOf(block)));
      },
    );
  const duplicate = (block: Block) =>
    change(
      () => duplicateBlock(pageId, block.id),
      (copy) => {
        setSelected(copy.id);
        notifySuccess(t.duplicated(nameOf(block)));
      },
    );
  /** A reusable block from the palette placed on this page (the same record), after the chosen block or at the end. */
  const place = (shared: ReusableBlock) => {
    const after = pageBlocks.some((b) => b.id === selected) ? selected : undefined;
    return change(
      () => placeReusable(pageId, shared.id, after),
      (block) => {
        setSelected(block.id);
        notifySuccess(r.placed(shared.name));
      },
    );
  };
  /** "Save as reusable block" under the name the editor gave. */
  const makeReusable = (block: Block, name: string) =>
    change(
      () => saveReusable(pageId, block.id, name),
      () => notifySuccess(r.saved(name)),
    );
  /** "Detach": this page's own copy in the reusable block's place. */
  const detach = (block: Block) =>
    change(
      () => detachReusable(pageId, block.id),
      (copy) => {
        setSelected(copy.id);
        notifySuccess(r.detached(nameOf(block)));
      },
    );
  /** A block's texts or items were saved (the panel saves them itself): titles may have changed, the preview has. */
  const edited = useCallback(() => {
    void refresh().catch(notifyError);
    setChanges((n) => n + 1);
  }, [refresh]);
  /** A text was saved that the preview already shows (live-preview.ts): titles may have changed, the frame has not. */
  const editedInPlace = useCallback(() => {
    void refresh().catch(notifyError);
    setShownSaves((n) => n + 1);
  }, [refresh]);

  return {
    page,
    setPage,
    reloadPage,
    blocks,
    pageBlocks,
    catalogue,
    selected,
    setSelected,
    changes,
    shownSaves,
    busy,
    change,
    readBlocks,
    variantOf,
    nameOf,
    add,
    move,
    reorder,
    remove,
    duplicate,
    place,
    makeReusable,
    detach,
    edited,
    editedInPlace,
    refresh,
  };
}

export type Composer = ReturnType<typeof useComposer>;

import { ActionIcon, Group, Loader, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { conflictRows } from "../form/conflict-rows.js";
import { guardedSave } from "../form/guarded-save.js";
import { useConflictChoice } from "../form/use-conflict-choice.js";
import { createItem, loadItems, orderItems, removeItem, saveItem, type Hop, type Item } from "./block-items-api.js";
import { textOf, type Block } from "./pages-api.js";
import { FullFormDialog } from "./full-form-dialog.js";
import { LinkInput } from "./link-input.js";
import { onPreviewMark } from "./preview-mark.js";
import type { LivePreview } from "./live-preview.js";
import { pagesTexts } from "./pages-texts.js";
import type { ItemRef, ItemState } from "./composer-steps.js";
import type { ComposerUndo } from "./use-composer-undo.js";
import type { SaveQueue } from "./use-save-queue.js";

let fresh = 0;
const blank = (): Item => ({
  key: `new-${++fresh}`,
  orderIndex: 0,
  title: {},
  description: {},
  url: "",
});
/** The first row's inputs carry visible labels as column heads; the rows under it the same names, for assistive technology only. */
const named = (index: number, name: string) => (index === 0 ? { label: name } : { "aria-label": name });
const hasText = (texts: Item["title"] | undefined) => Object.values(texts ?? {}).some((v) => v.trim());
const isBlank = (item: Item) => !hasText(item.title) && !hasText(item.description) && !item.url?.trim();

/** A row with `change` applied: typing adds to a text's languages, an undo (`whole`) replaces them. */
const changed = (item: Item, change: Partial<Item>, whole = false): Item => ({
  ...item,
  ...change,
  title: whole ? { ...change.title } : { ...item.title, ...change.title },
  description: whole ? { ...change.description } : { ...item.description, ...change.description },
});

/**
 * A block's children of one kind (its features, its buttons): titles per language side by side
 * (and the link of a button, the body text of a feature or slide), saved as typed. The last row is always empty: typing in it adds
 * the next child at the end of the list. Adding, editing and removing a row are recorded for undo
 * (a burst of typing in one field is one step); an undo puts a row back through `put`, the same
 * saves as the editor's.
 */
export function BlockItems({
  kind,
  hops,
  block,
  withUrl,
  withText,
  queue,
  undo,
  live,
  onChanged,
}: {
  kind: string;
  hops: Hop[];
  block: Block;
  withUrl: boolean;
  /** The children have a body text (a feature's, a slide's) edited under their titles. */
  withText: boolean;
  queue: SaveQueue;
  undo: ComposerUndo;
  /** The preview: each text written shows there at once; a text edited there arrives as typing. */
  live: LivePreview;
  onChanged(): void;
}) {
  const widgetId = block.widgetId;
  const t = pagesTexts();
  const [items, setItems] = useState<Item[]>();
  const latest = useRef<Item[]>([]);
  const holders = useRef<string[]>([]);
  // One item's generated form (its other fields: a button's style, a feature's text); the list is read again after it closes.
  const childModel = useModels().byId.get(hops[hops.length - 1]!.child);
  const [full, setFull] = useState<string>();
  const [round, setRound] = useState(0);
  const update = (next: Item[]) => {
    latest.current = next;
    setItems(next);
  };
  const change = (key: string, fields: Partial<Item>) =>
    update(latest.current.map((i) => (i.key === key ? { ...i, ...fields } : i)));
  const conflict = useConflictChoice();
  // The ref undo steps hold for each row (the same one whichever time the list was read).
  const refs = useRef(new Map<string, ItemRef>());
  const refOf = (item: Item) => {
    let found = refs.current.get(item.key);
    if (!found) {
      found = item.id ? undo.itemRefs.of(item.id) : undo.itemRefs.unsaved();
      refs.current.set(item.key, found);
    }
    if (item.id) found.orderIndex ??= item.orderIndex;
    return found;
  };
  /** A row's fields for an undo step; none for the empty row that is not an item yet. */
  const stateOf = (item: Item): ItemState | undefined =>
    !item.id && isBlank(item)
      ? undefined
      : {
          title: { ...item.title },
          ...(withText ? { description: { ...item.description } } : {}),
          ...(withUrl ? { url: item.url ?? "" } : {}),
        };
  const conflictFields = [
    { name: "title", label: t.title, languages: LANGUAGES },
    ...(withText ? [{ name: "description", label: t.description, languages: LANGUAGES }] : []),
    ...(withUrl ? [{ name: "url", label: t.itemUrl }] : []),
  ];

  useEffect(() => {
    let live = true;
    loadItems(hops, widgetId).then(
      (loaded) => {
        if (!live) return;
        holders.current = loaded.holders;
        update([...loaded.items, blank()]);
      },
      (error) => live && notifyError(error),
    );
    return () => void (live = false);
  }, [hops, widgetId, round]);

  /** Sends the item's current texts: creates it on its first save, updates it after. */
  const sync = (key: string) => async () => {
    const item = latest.current.find((i) => i.key === key);
    if (!item || (!item.id && isBlank(item))) return;
    const fields = {
      title: item.title,
      ...(withText ? { description: item.description ?? {} } : {}),
      ...(withUrl ? { url: item.url ?? "" } : {}),
    };
    if (item.id) {
      const id = item.id;
      // A 412 is settled here, in the queued work: the editor's choice is awaited before the next save goes.
      const result = await guardedSave(
        (ifMatch) => saveItem(hops, id, fields, ifMatch),
        item.etag,
        (theirs) => conflict.ask(conflictRows(conflictFields, fields, theirs)),
      );
      if ("saved" in result) change(key, { etag: result.saved.etag });
      else {
        // Reload: the row shows their version, and later edits start from it.
        const theirs = result.reloaded;
        change(key, {
          title: (theirs.title ?? {}) as Item["title"],
          description: (theirs.description ?? {}) as Item["title"],
          url: typeof theirs.url === "string" ? theirs.url : "",
          etag: result.etag,
        });
      }
      return;
    }
    const next = item.restoreAt ?? Math.max(-1, ...latest.current.filter((i) => i.id).map((i) => i.orderIndex)) + 1;
    // A new row looks like the row before it (a navigation's links share one look).
    const before = latest.current.filter((i) => i.id).at(-1);
    const made = await createItem(hops, widgetId, holders.current, item, next, {
      ...fields,
      ...(before?.variant ? { variant: before.variant } : {}),
    });
    if (made.parentId && !holders.current.length) holders.current = [made.parentId];
    // Removed while it was being made: it goes again, rather than coming back on the next read.
    if (!latest.current.some((i) => i.key === key)) return removeItem(hops, made);
    undo.itemRefs.follow(refOf(item), { id: made.id!, orderIndex: made.orderIndex });
    // The texts typed while it was being made stay; the next save (already waiting) sends them.
    update(
      latest.current.map((i) =>
        i.key === key
          ? {
              ...i,
              id: made.id,
              relationId: made.relationId,
              parentId: made.parentId,
              orderIndex: made.orderIndex,
              etag: made.etag,
            }
          : i,
      ),
    );
  };

  /** The editor typed in a row's `field`: one more step (a burst in one field merges), then the save. */
  const edit = (key: string, change: Partial<Item>, field: string) => {
    const row = latest.current.find((i) => i.key === key)!;
    const next = changed(row, change);
    undo.itemChanged(block, kind, refOf(row), stateOf(row), stateOf(next), `item:${refOf(row).serial}:${field}`);
    write(key, change);
  };
  /** Shows the row changed and saves it; typing adds to a text's languages, an undo (`whole`) replaces them. */
  const write = (key: string, change: Partial<Item>, whole = false) => {
    let next = latest.current.map((i) => (i.key === key ? changed(i, change, whole) : i));
    if (!isBlank(next[next.length - 1]!)) next = [...next, blank()];
    update(next);
    showOnPreview(`${kind}:${key}`, next.find((i) => i.key === key)!, change);
    queue.schedule(`${kind}:${key}`, sync(key));
  };
  /** The row's changed texts written into the preview; a link or a row not saved yet needs the frame drawn again. */
  const showOnPreview = (saveKey: string, row: Item, change: Partial<Item>) => {
    if (!row.id || change.url !== undefined) return live.changed(saveKey);
    for (const field of ["title", "description"] as const)
      for (const language of Object.keys(change[field] ?? {}))
        live.patch(saveKey, row.id, field, language, row[field]?.[language] ?? "");
  };
  /** Takes the row off the list and the item off the server (after the saves before it). */
  const takeOut = async (item: Item) => {
    update(latest.current.filter((i) => i.key !== item.key));
    await queue.flush();
    await removeItem(hops, item);
    onChanged();
  };
  const remove = async (item: Item) => {
    const ref = refOf(item);
    const before = stateOf(item);
    try {
      await takeOut(item);
      undo.itemChanged(block, kind, ref, before, undefined);
    } catch (error) {
      notifyError(error);
    }
  };
  /** An undo puts the row in `state`: taken out, changed, or made again in its old place. */
  const put = async (ref: ItemRef, state: ItemState | undefined) => {
    const row = latest.current.find((i) => refs.current.get(i.key) === ref || (ref.id && i.id === ref.id));
    if (!state) {
      if (row) await takeOut(row);
      return;
    }
    if (row)
      return write(
        row.key,
        {
          title: state.title,
          description: state.description ?? row.description ?? {},
          ...(state.url !== undefined ? { url: state.url } : {}),
        },
        true,
      );
    const item: Item = {
      ...blank(),
      title: { ...state.title },
      description: { ...state.description },
      url: state.url ?? "",
      restoreAt: ref.orderIndex,
    };
    refs.current.set(item.key, ref);
    const rows = latest.current;
    const at = rows.findIndex((i) => i.id && ref.orderIndex !== undefined && i.orderIndex > ref.orderIndex);
    const place = at < 0 ? rows.length - 1 : at;
    update([...rows.slice(0, place), item, ...rows.slice(place)]);
    queue.schedule(`${kind}:${item.key}`, sync(item.key));
  };
  /**
   * Puts the saved rows in the order of `keys` (the empty row stays last) and writes the order
   * indexes that changed: the rows take the indexes they had among them, in the new order.
   */
  const reorder = async (keys: string[]) => {
    await queue.flush();
    const rows = latest.current;
    const saved = rows.filter((i) => i.relationId);
    const placed = [
      ...keys.map((k) => saved.find((i) => i.key === k)).filter((i): i is Item => Boolean(i)),
      ...saved.filter((i) => !keys.includes(i.key)),
    ];
    const indexes = saved.map((i) => i.orderIndex).sort((a, b) => a - b);
    const moved = placed.map((item, n) => ({ ...item, orderIndex: indexes[n]! }));
    const changed = moved.filter((item) => saved.find((i) => i.key === item.key)!.orderIndex !== item.orderIndex);
    // An undo that makes a removed row again puts it back where it is now.
    for (const item of moved) {
      const ref = refs.current.get(item.key);
      if (ref) ref.orderIndex = item.orderIndex;
    }
    update([...moved, ...rows.filter((i) => !i.relationId)]);
    await orderItems(
      hops,
      changed.map((i) => ({ relationId: i.relationId!, orderIndex: i.orderIndex })),
    );
    onChanged();
  };
  /** The editor moved a row up (-1) or down (+1): one step, then the new order saved. */
  const move = async (item: Item, delta: -1 | 1) => {
    const saved = latest.current.filter((i) => i.relationId);
    const at = saved.findIndex((i) => i.key === item.key);
    const other = saved[at + delta];
    if (at < 0 || !other) return;
    const before = saved.map((i) => i.key);
    const after = [...before];
    [after[at], after[at + delta]] = [after[at + delta]!, after[at]!];
    try {
      await reorder(after);
      const refsOf = (keys: string[]) => keys.map((k) => refOf(saved.find((i) => i.key === k)!));
      undo.itemsOrdered(block, kind, refsOf(before), refsOf(after));
    } catch (error) {
      notifyError(error);
    }
  };
  /** An undo puts the rows in the order of `items` (by the records they stand for now). */
  const order = (items: ItemRef[]) => {
    const keys = items
      .map((ref) => latest.current.find((i) => refs.current.get(i.key) === ref || (ref.id && i.id === ref.id))?.key)
      .filter((k): k is string => Boolean(k));
    return reorder(keys);
  };
  const putNow = useRef(put);
  putNow.current = put;
  const orderNow = useRef(order);
  orderNow.current = order;
  const shown = items !== undefined;
  useEffect(() => {
    if (!shown) return;
    return undo.items.register(`${widgetId}:${kind}`, {
      put: (ref, state) => putNow.current(ref, state),
      order: (refs) => orderNow.current(refs),
    });
  }, [shown, widgetId, kind, undo.items]);
  // A saved row's texts edited on the preview (live-preview.ts) arrive as typing in its inputs.
  const editNow = useRef(edit);
  editNow.current = edit;
  const undoNow = useRef(undo);
  undoNow.current = undo;
  const [onPreview, setOnPreview] = useState<string>();
  const savedIds = (items ?? []).flatMap((i) => (i.id ? [i.id] : [])).join();
  useEffect(() => {
    if (!savedIds) return;
    const fieldsOf = (field: string) => field === "title" || (withText && field === "description");
    const unregister = savedIds.split(",").map((id) =>
      live.handles.register(id, {
        accepts: fieldsOf,
        edit: (field, language, value) => {
          const row = latest.current.find((i) => i.id === id);
          if (!row) return;
          if (field === "title") editNow.current(row.key, { title: { [language]: value } }, language);
          else editNow.current(row.key, { description: { [language]: value } }, `text-${language}`);
        },
        reveal: (field, language) => {
          const input = field === "title" ? "item-title" : "item-text";
          setOnPreview(`${id}:${input}-${language}`);
          document
            .querySelector(`[data-item-id="${id}"] [data-testid="${input}-${language}"]`)
            ?.scrollIntoView({ block: "nearest" });
        },
        done: () => {
          setOnPreview(undefined);
          undoNow.current.seal();
        },
      }),
    );
    return () => {
      for (const off of unregister) off();
    };
  }, [savedIds, withText, live]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`block-items-${kind}`}>
      <Title order={3} size="h6" mb="xs">
        {t.items(kind)}
      </Title>
      {!items ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs">
          {items.map((item, index) => {
            const last = index === items.length - 1;
            const name = textOf(item.title, t.language) || t.itemUntitled;
            return (
              <Stack key={item.key} gap={2}>
                {last ? (
                  <Text size="xs" c="dimmed" mt={items.length > 1 ? "xs" : 0}>
                    {t.addItemHint(kind)}
                  </Text>
                ) : null}
                {/* One row per child: its titles side by side, its text under them, its link, then its buttons. */}
                <Stack
                  gap={6}
                  pb={last ? 0 : "xs"}
                  style={last ? undefined : { borderBottom: "1px solid var(--mantine-color-gray-2)" }}
                  data-testid={last ? "item-new" : "item-row"}
                  data-item-id={item.id}
                >
                  <SimpleGrid cols={LANGUAGES.length} spacing="xs">
                    {LANGUAGES.map((language) => (
                      <TextInput
                        key={language}
                        size="xs"
                        lang={language}
                        {...named(index, t.itemTitle(language))}
                        value={item.title[language] ?? ""}
                        onChange={(e) => edit(item.key, { title: { [language]: e.currentTarget.value } }, language)}
                        onBlur={undo.seal}
                        {...onPreviewMark(onPreview === `${item.id}:item-title-${language}`)}
                        data-testid={`item-title-${language}`}
                      />
                    ))}
                  </SimpleGrid>
                  {withText ? (
                    <SimpleGrid cols={LANGUAGES.length} spacing="xs">
                      {LANGUAGES.map((language) => (
                        <Textarea
                          key={language}
                          size="xs"
                          lang={language}
                          autosize
                          minRows={1}
                          maxRows={6}
                          {...named(index, t.itemText(language))}
                          value={item.description?.[language] ?? ""}
                          onChange={(e) =>
                            edit(item.key, { description: { [language]: e.currentTarget.value } }, `text-${language}`)
                          }
                          onBlur={undo.seal}
                          {...onPreviewMark(onPreview === `${item.id}:item-text-${language}`)}
                          data-testid={`item-text-${language}`}
                        />
                      ))}
                    </SimpleGrid>
                  ) : null}
                  {withUrl ? (
                    <LinkInput
                      {...named(index, t.itemUrl)}
                      value={item.url ?? ""}
                      onChange={(url) => edit(item.key, { url }, "url")}
                      onBlur={undo.seal}
                      data-testid="item-url"
                    />
                  ) : null}
                  {last ? null : (
                    <Group gap={0} wrap="nowrap" justify="flex-end">
                      {[
                        {
                          mark: "↑",
                          label: t.itemUp(name),
                          off: !item.relationId || index === 0,
                          act: () => void move(item, -1),
                          id: "item-up",
                        },
                        {
                          mark: "↓",
                          label: t.itemDown(name),
                          off: !item.relationId || !items[index + 1]?.relationId,
                          act: () => void move(item, 1),
                          id: "item-down",
                        },
                        {
                          mark: "…",
                          label: t.itemFullForm(name),
                          off: !item.id || !childModel,
                          act: () => void queue.flush().then(() => setFull(item.id)),
                          id: "item-full-form",
                        },
                        {
                          mark: "×",
                          label: t.removeItem(name),
                          off: false,
                          act: () => void remove(item),
                          id: "item-remove",
                        },
                      ].map((button) => (
                        <ActionIcon
                          key={button.id}
                          variant="subtle"
                          color={button.id === "item-remove" ? "red" : "gray"}
                          aria-label={button.label}
                          disabled={button.off}
                          onClick={button.act}
                          data-testid={button.id}
                        >
                          {button.mark}
                        </ActionIcon>
                      ))}
                    </Group>
                  )}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
      {conflict.dialog}
      {full && childModel ? (
        <FullFormDialog
          model={childModel}
          id={full}
          onClose={() => {
            setFull(undefined);
            setRound((n) => n + 1);
          }}
          onSaved={onChanged}
        />
      ) : null}
    </Paper>
  );
}

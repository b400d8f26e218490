import { ActionIcon, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { useModels } from "../data/models-context.js";
import { notifyError } from "../notify.js";
import { conflictRows } from "../form/conflict-rows.js";
import { guardedSave } from "../form/guarded-save.js";
import { useConflictChoice } from "../form/use-conflict-choice.js";
import { createItem, loadItems, removeItem, saveItem, type Hop, type Item } from "./block-items-api.js";
import { textOf } from "./pages-api.js";
import { FullFormDialog } from "./full-form-dialog.js";
import { pagesTexts } from "./pages-texts.js";
import type { SaveQueue } from "./use-save-queue.js";

let fresh = 0;
const blank = (): Item => ({
  key: `new-${++fresh}`,
  orderIndex: 0,
  title: {},
  url: "",
});
/** The first row's inputs carry visible labels as column heads; the rows under it the same names, for assistive technology only. */
const named = (index: number, name: string) => (index === 0 ? { label: name } : { "aria-label": name });
const isBlank = (item: Item) => !Object.values(item.title).some((v) => v.trim()) && !item.url?.trim();

/**
 * A block's children of one kind (its features, its buttons): titles per language side by side
 * (and the link of a button), saved as typed. The last row is always empty: typing in it adds
 * the next child at the end of the list.
 */
export function BlockItems({
  kind,
  hops,
  widgetId,
  withUrl,
  queue,
  onChanged,
}: {
  kind: string;
  hops: Hop[];
  widgetId: string;
  withUrl: boolean;
  queue: SaveQueue;
  onChanged(): void;
}) {
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
  const conflictFields = [
    { name: "title", label: t.title, languages: LANGUAGES },
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
          url: typeof theirs.url === "string" ? theirs.url : "",
          etag: result.etag,
        });
      }
      return;
    }
    const next = Math.max(-1, ...latest.current.filter((i) => i.id).map((i) => i.orderIndex)) + 1;
    const made = await createItem(hops, widgetId, holders.current, item, next, fields);
    if (made.parentId && !holders.current.length) holders.current = [made.parentId];
    // Removed while it was being made: it goes again, rather than coming back on the next read.
    if (!latest.current.some((i) => i.key === key)) return removeItem(hops, made);
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

  const edit = (key: string, change: Partial<Item>) => {
    let next = latest.current.map((i) =>
      i.key === key ? { ...i, ...change, title: { ...i.title, ...change.title } } : i,
    );
    if (!isBlank(next[next.length - 1]!)) next = [...next, blank()];
    update(next);
    queue.schedule(`${kind}:${key}`, sync(key));
  };
  const remove = async (item: Item) => {
    update(latest.current.filter((i) => i.key !== item.key));
    await queue.flush();
    try {
      await removeItem(hops, item);
      onChanged();
    } catch (error) {
      notifyError(error);
    }
  };

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
                <Group align="flex-end" gap="xs" wrap="nowrap" data-testid={last ? "item-new" : "item-row"}>
                  <SimpleGrid cols={LANGUAGES.length + (withUrl ? 1 : 0)} spacing="xs" style={{ flex: 1 }}>
                    {LANGUAGES.map((language) => (
                      <TextInput
                        key={language}
                        size="xs"
                        lang={language}
                        {...named(index, t.itemTitle(language))}
                        value={item.title[language] ?? ""}
                        onChange={(e) =>
                          edit(item.key, {
                            title: { [language]: e.currentTarget.value },
                          })
                        }
                        data-testid={`item-title-${language}`}
                      />
                    ))}
                    {withUrl ? (
                      <TextInput
                        size="xs"
                        {...named(index, t.itemUrl)}
                        value={item.url ?? ""}
                        onChange={(e) => edit(item.key, { url: e.currentTarget.value })}
                        data-testid="item-url"
                      />
                    ) : null}
                  </SimpleGrid>
                  {last ? (
                    <div style={{ width: 56 }} />
                  ) : (
                    <Group gap={0} wrap="nowrap" mb={2}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t.itemFullForm(name)}
                        disabled={!item.id || !childModel}
                        onClick={() => void queue.flush().then(() => setFull(item.id))}
                        data-testid="item-full-form"
                      >
                        …
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t.removeItem(name)}
                        onClick={() => void remove(item)}
                        data-testid="item-remove"
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
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

import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { memo, type ReactNode, useMemo, useRef, useState } from "react";
import { CopyIcon, GripIcon, ReusableIcon } from "./composer-icons.js";
import { reusableTexts } from "./reusable-texts.js";
import type { Composer } from "./use-composer.js";
import { textOf, type Block } from "./pages-api.js";
import { pagesTexts } from "./pages-texts.js";

/**
 * The page's regions in order: the layouts' blocks (navbar, footer…: shared by the layout's pages,
 * chosen to edit their links and texts, not moved here), then the page's own blocks, each named by its title and its variant's label. A page block
 * is chosen by a click, moved by dragging it (HTML5 drag and drop) or by its arrow buttons, and
 * duplicated, saved as a reusable block or removed by its buttons. A reusable block's row says so,
 * with the number of pages using it.
 */
export function BlockOutline({
  composer,
  onAdd,
  onRemove,
  onSaveReusable,
}: {
  composer: Composer;
  onAdd(): void;
  onRemove(block: Block): void;
  onSaveReusable(block: Block): void;
}) {
  const t = pagesTexts();
  const { blocks, pageBlocks, selected, setSelected, nameOf, variantOf, move, duplicate, busy } = composer;
  const [dragged, setDragged] = useState<string>();
  const [over, setOver] = useState<number>();
  // One object for every row, for the rows' whole life: a row is drawn again only when its own
  // props change (a page of 100 blocks re-rendered 100 rows on each drag-over and each move).
  // While a change is on its way (`busy`) the rows' moves, copies and removals wait: they are refused
  // here rather than by disabling every row's buttons, which would draw all the rows again twice per change.
  const latest = {
    pageBlocks,
    dragged,
    busy,
    setSelected,
    move,
    duplicate,
    onRemove,
    onSaveReusable,
    setDragged,
    setOver,
  };
  const now = useRef(latest);
  now.current = latest;
  const actions = useMemo<RowActions>(
    () => ({
      select: (block) => now.current.setSelected(block.id),
      move: (block, to) => void (now.current.busy || now.current.move(block, to)),
      duplicate: (block) => void (now.current.busy || now.current.duplicate(block)),
      remove: (block) => void (now.current.busy || now.current.onRemove(block)),
      saveReusable: (block) => void (now.current.busy || now.current.onSaveReusable(block)),
      dragStart: (block) => now.current.setDragged(block.id),
      dragOver: (index) => {
        if (!now.current.dragged) return false;
        now.current.setOver(index);
        return true;
      },
      drop: (block, index) => {
        const { dragged, pageBlocks } = now.current;
        if (!dragged) return false;
        const from = pageBlocks.find((b) => b.id === dragged);
        if (from && from.id !== block.id && !now.current.busy) void now.current.move(from, index);
        now.current.setDragged(undefined);
        now.current.setOver(undefined);
        return true;
      },
      dragEnd: () => {
        now.current.setDragged(undefined);
        now.current.setOver(undefined);
      },
    }),
    [],
  );
  const layoutBlocks = (blocks ?? []).filter((b) => b.region !== "page");
  const label = (block: Block) => textOf(variantOf(block)?.label, t.language) || block.variant;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="composer-outline"
      component="section"
      aria-labelledby="composer-outline-title"
    >
      <Title order={2} size="h5" id="composer-outline-title" mb={4}>
        {t.outline}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t.outlineHelp}
      </Text>
      {layoutBlocks.length ? (
        <Stack gap={4} mb="sm" data-testid="outline-layout">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t.layoutRegion}
          </Text>
          {layoutBlocks.map((block) => (
            <UnstyledButton
              key={block.id}
              onClick={() => setSelected(block.id)}
              aria-pressed={selected === block.id}
              title={t.layoutBlock}
              data-testid="outline-layout-select"
            >
              <Group
                gap="xs"
                px="xs"
                py={4}
                wrap="nowrap"
                style={{
                  borderRadius: 6,
                  background: selected === block.id ? "var(--mantine-color-indigo-0)" : "var(--mantine-color-gray-1)",
                  outline: selected === block.id ? "2px solid var(--mantine-color-indigo-6)" : undefined,
                }}
                data-testid="outline-layout-block"
              >
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {nameOf(block)}
                </Text>
                <Badge size="xs" variant="outline" color="gray">
                  {label(block)}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      ) : null}
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {t.pageRegion}
      </Text>
      <Stack gap={4} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="outline-blocks">
        {pageBlocks.map((block, index) => (
          <OutlineRow
            key={block.id}
            block={block}
            index={index}
            last={index === pageBlocks.length - 1}
            name={nameOf(block)}
            label={label(block)}
            chosen={selected === block.id}
            faded={dragged === block.id}
            dropLine={over === index && !!dragged && dragged !== block.id}
            actions={actions}
          />
        ))}
        {blocks && pageBlocks.length === 0 ? (
          <Text size="sm" c="dimmed" component="li" data-testid="outline-empty">
            {t.noBlocks}
          </Text>
        ) : null}
      </Stack>
      <Button fullWidth mt="sm" variant="light" onClick={onAdd} data-testid="block-add">
        + {t.addBlock}
      </Button>
    </Paper>
  );
}

/** One of a row's buttons: its test id, accessible name, what it shows and does. */
interface RowButton {
  id: string;
  label: string;
  title?: string;
  mark: ReactNode;
  color?: string;
  off?: boolean;
  act(): void;
}

/** What a row asks of the outline: the same object for every row and render. */
interface RowActions {
  select(block: Block): void;
  move(block: Block, to: number): void;
  duplicate(block: Block): void;
  remove(block: Block): void;
  saveReusable(block: Block): void;
  dragStart(block: Block): void;
  /** A drag is over the row at `index`: false when it is no block's drag (a file, a text). */
  dragOver(index: number): boolean;
  drop(block: Block, index: number): boolean;
  dragEnd(): void;
}

/** One page block's row: chosen by a click, dragged, moved by its arrows or Alt+↑/↓, duplicated or removed. */
const OutlineRow = memo(function OutlineRow({
  block,
  index,
  last,
  name,
  label,
  chosen,
  faded,
  dropLine,
  actions,
}: {
  block: Block;
  index: number;
  last: boolean;
  name: string;
  label: string;
  chosen: boolean;
  /** The row being dragged. */
  faded: boolean;
  /** A dragged block would land here: a line above the row. */
  dropLine: boolean;
  actions: RowActions;
}) {
  const t = pagesTexts();
  const r = reusableTexts();
  return (
    <li
      draggable
      onDragStart={(event) => {
        actions.dragStart(block);
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", block.id);
      }}
      onDragOver={(event) => {
        if (!actions.dragOver(index)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
      }}
      onDrop={(event) => {
        if (actions.drop(block, index)) event.preventDefault();
      }}
      onDragEnd={actions.dragEnd}
      // From the keyboard, besides the arrow buttons: Alt+↑ / Alt+↓ on any of the block's controls.
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
        event.preventDefault();
        actions.move(block, index + (event.key === "ArrowUp" ? -1 : 1));
      }}
      data-testid="outline-block"
      data-block-id={block.id}
      data-variant={block.variant}
      style={{
        borderRadius: 6,
        border: `1px solid ${chosen ? "var(--mantine-color-indigo-5)" : "var(--mantine-color-gray-3)"}`,
        background: chosen ? "var(--mantine-color-indigo-0)" : "var(--mantine-color-body)",
        opacity: faded ? 0.5 : 1,
        boxShadow: dropLine ? "0 -3px 0 var(--mantine-color-indigo-5)" : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" p={4}>
        <Text component="span" c="dimmed" style={{ cursor: "grab", display: "flex" }} px={2} title={t.dragHandle(name)}>
          <GripIcon />
        </Text>
        <UnstyledButton
          onClick={() => actions.select(block)}
          aria-pressed={chosen}
          aria-label={t.edit(name)}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="outline-select"
        >
          <Text size="sm" fw={500} truncate data-testid="outline-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {label}
          </Text>
          {block.reusable ? (
            // In the sentence's own case, wrapped rather than cut: "used on 3 pages" is the point.
            <Badge
              size="xs"
              variant="light"
              color="violet"
              tt="none"
              mt={2}
              styles={{ root: { height: "auto", maxWidth: "100%" }, label: { whiteSpace: "normal" } }}
              data-testid="outline-reusable"
            >
              {r.badge(block.reusable.usedOn)}
            </Badge>
          ) : null}
        </UnstyledButton>
        {[
          {
            id: "outline-up",
            label: t.moveUp(name),
            mark: "↑",
            off: index === 0,
            act: () => actions.move(block, index - 1),
          },
          {
            id: "outline-down",
            label: t.moveDown(name),
            mark: "↓",
            off: last,
            act: () => actions.move(block, index + 1),
          },
          {
            id: "outline-duplicate",
            label: t.duplicate(name),
            mark: <CopyIcon />,
            act: () => actions.duplicate(block),
          },
          // A reusable block is saved already: no second save.
          ...(block.reusable
            ? []
            : [
                {
                  id: "outline-reusable-save",
                  label: r.save(name),
                  title: r.saveTitle,
                  mark: <ReusableIcon />,
                  act: () => actions.saveReusable(block),
                },
              ]),
          { id: "outline-remove", label: t.remove(name), mark: "×", color: "red", act: () => actions.remove(block) },
        ].map((button: RowButton) => (
          <ActionIcon
            key={button.id}
            variant="subtle"
            color={button.color ?? "gray"}
            size="sm"
            aria-label={button.label}
            title={button.title}
            disabled={button.off}
            onClick={button.act}
            data-testid={button.id}
          >
            {button.mark}
          </ActionIcon>
        ))}
      </Group>
    </li>
  );
});

import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useState } from "react";
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
  const r = reusableTexts();
  const { blocks, pageBlocks, selected, setSelected, nameOf, variantOf, move, duplicate, busy } = composer;
  const [dragged, setDragged] = useState<string>();
  const [over, setOver] = useState<number>();
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
        {pageBlocks.map((block, index) => {
          const name = nameOf(block);
          const chosen = selected === block.id;
          return (
            <li
              key={block.id}
              draggable
              onDragStart={(event) => {
                setDragged(block.id);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", block.id);
              }}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setOver(index);
              }}
              onDrop={(event) => {
                if (!dragged) return;
                event.preventDefault();
                const from = pageBlocks.find((b) => b.id === dragged);
                if (from && from.id !== block.id) void move(from, index);
                setDragged(undefined);
                setOver(undefined);
              }}
              onDragEnd={() => (setDragged(undefined), setOver(undefined))}
              // From the keyboard, besides the arrow buttons: Alt+↑ / Alt+↓ on any of the block's controls.
              onKeyDown={(event) => {
                if (!event.altKey || busy || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
                event.preventDefault();
                void move(block, index + (event.key === "ArrowUp" ? -1 : 1));
              }}
              data-testid="outline-block"
              data-block-id={block.id}
              data-variant={block.variant}
              style={{
                borderRadius: 6,
                border: `1px solid ${chosen ? "var(--mantine-color-indigo-5)" : "var(--mantine-color-gray-3)"}`,
                background: chosen ? "var(--mantine-color-indigo-0)" : "var(--mantine-color-body)",
                opacity: dragged === block.id ? 0.5 : 1,
                boxShadow:
                  over === index && dragged && dragged !== block.id
                    ? "0 -3px 0 var(--mantine-color-indigo-5)"
                    : undefined,
              }}
            >
              <Group gap={4} wrap="nowrap" p={4}>
                <Text
                  component="span"
                  c="dimmed"
                  style={{ cursor: "grab", display: "flex" }}
                  px={2}
                  title={t.dragHandle(name)}
                >
                  <GripIcon />
                </Text>
                <UnstyledButton
                  onClick={() => setSelected(block.id)}
                  aria-pressed={chosen}
                  aria-label={t.edit(name)}
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid="outline-select"
                >
                  <Text size="sm" fw={500} truncate data-testid="outline-name">
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {label(block)}
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
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t.moveUp(name)}
                  disabled={busy || index === 0}
                  onClick={() => void move(block, index - 1)}
                  data-testid="outline-up"
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t.moveDown(name)}
                  disabled={busy || index === pageBlocks.length - 1}
                  onClick={() => void move(block, index + 1)}
                  data-testid="outline-down"
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t.duplicate(name)}
                  disabled={busy}
                  onClick={() => void duplicate(block)}
                  data-testid="outline-duplicate"
                >
                  <CopyIcon />
                </ActionIcon>
                {block.reusable ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={r.save(name)}
                    title={r.saveTitle}
                    disabled={busy}
                    onClick={() => onSaveReusable(block)}
                    data-testid="outline-reusable-save"
                  >
                    <ReusableIcon />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t.remove(name)}
                  disabled={busy}
                  onClick={() => onRemove(block)}
                  data-testid="outline-remove"
                >
                  ×
                </ActionIcon>
              </Group>
            </li>
          );
        })}
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

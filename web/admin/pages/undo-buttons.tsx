import { Button, Group } from "@mantine/core";
import { RedoIcon, UndoIcon } from "./composer-icons.js";
import { undoTexts } from "./undo-texts.js";
import type { ComposerUndo } from "./use-composer-undo.js";

const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** Undo and Redo in the composer's toolbar, off when there is nothing to undo or redo; their keys in their titles. */
export function UndoButtons({ undo }: { undo: ComposerUndo }) {
  const t = undoTexts();
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t.group}>
      <Button
        variant="default"
        leftSection={<UndoIcon />}
        disabled={!undo.canUndo}
        onClick={() => void undo.undo()}
        title={t.undoTitle(mac ? "⌘Z" : "Ctrl+Z")}
        aria-keyshortcuts="Control+Z Meta+Z"
        data-testid="composer-undo"
      >
        {t.undo}
      </Button>
      <Button
        variant="default"
        leftSection={<RedoIcon />}
        disabled={!undo.canRedo}
        onClick={() => void undo.redo()}
        title={t.redoTitle(mac ? "⇧⌘Z" : "Ctrl+Shift+Z, Ctrl+Y")}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        data-testid="composer-redo"
      >
        {t.redo}
      </Button>
    </Group>
  );
}

import { Button, Group, Text } from "@mantine/core";
import { ComposerModal } from "./composer-modal.js";
import { pagesTexts } from "./pages-texts.js";

/** "Remove block?": names the block and what goes with it before it is taken off the page. */
export function RemoveBlockDialog({ name, onConfirm, onClose }: { name: string; onConfirm(): void; onClose(): void }) {
  const t = pagesTexts();
  return (
    <ComposerModal onClose={onClose} title={t.removeTitle}>
      <Text size="sm" mb="md" data-testid="remove-block-text">
        {t.removeConfirm(name)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button color="red" onClick={onConfirm} data-autofocus data-testid="remove-block-confirm">
          {t.removeAction}
        </Button>
      </Group>
    </ComposerModal>
  );
}

import { Button, Group, Modal, Text } from "@mantine/core";
import { pagesTexts } from "./pages-texts.js";

/** "Remove block?": names the block and what goes with it before it is taken off the page. */
export function RemoveBlockDialog({ name, onConfirm, onClose }: { name: string; onConfirm(): void; onClose(): void }) {
  const t = pagesTexts();
  return (
    <Modal opened onClose={onClose} title={t.removeTitle} data-testid="remove-block-dialog">
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
    </Modal>
  );
}

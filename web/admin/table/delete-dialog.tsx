import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { wordsTexts } from "../words-texts.js";

/**
 * "Delete 'Ceramic mug'?" with Cancel and Delete, the record named by the admin's labeller; Delete
 * stays busy until the call ends.
 */
export function DeleteDialog({
  label,
  onCancel,
  onConfirm,
}: {
  label: string;
  onCancel(): void;
  onConfirm(): Promise<void>;
}) {
  const t = wordsTexts();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened onClose={onCancel} title={t.deleteTitle(label)} centered size="sm" data-testid="delete-dialog">
      <Text size="sm" mb="lg">
        {t.deleteBody}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button color="red" onClick={confirm} loading={pending}>
          {t.delete}
        </Button>
      </Group>
    </Modal>
  );
}

import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";

/** 'Delete?' with Cancel and Delete; Delete stays busy until the call ends. */
export function DeleteDialog({ label, onCancel, onConfirm }: { label: string; onCancel(): void; onConfirm(): Promise<void> }) {
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
    <Modal opened onClose={onCancel} title="Delete?" centered size="sm">
      <Text size="sm" mb="lg">
        {label} will be deleted for good.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={pending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}

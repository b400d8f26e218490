import { Button, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ComposerModal } from "./composer-modal.js";
import { reusableTexts } from "./reusable-texts.js";

const MAX_NAME = 200;

/** "Save as reusable block": asks the name editors will find the block by in the palette (starting from its title). */
export function SaveReusableDialog({
  name: start,
  onSave,
  onClose,
}: {
  name: string;
  onSave(name: string): void;
  onClose(): void;
}) {
  const r = reusableTexts();
  const [name, setName] = useState(start.slice(0, MAX_NAME));
  const [tried, setTried] = useState(false);
  const blank = name.trim() === "";
  const submit = () => (blank ? setTried(true) : onSave(name.trim()));
  return (
    <ComposerModal onClose={onClose} title={r.saveTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Text size="sm" mb="sm">
          {r.saveHelp}
        </Text>
        <TextInput
          label={r.name}
          value={name}
          maxLength={MAX_NAME}
          onChange={(event) => setName(event.currentTarget.value)}
          error={tried && blank ? r.nameRequired : undefined}
          data-autofocus
          data-testid="reusable-name"
          mb="md"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {r.cancel}
          </Button>
          <Button type="submit" data-testid="reusable-save">
            {r.saveAction}
          </Button>
        </Group>
      </form>
    </ComposerModal>
  );
}

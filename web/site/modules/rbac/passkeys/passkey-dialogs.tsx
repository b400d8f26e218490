import { Button, Modal, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { type Passkey, passkeysApi } from "../../../../api/passkeys.js";
import { Group, Stack, Text } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { showSuccess, useAction } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { passkeyTexts } from "./passkey-strings.js";

interface DialogProps {
  subject: Subject;
  passkey: Passkey;
  onClose: () => void;
  onDone: () => Promise<void>;
}

/** A new name for a passkey, so the person tells their devices apart. */
export function RenamePasskeyDialog({ subject, passkey, onClose, onDone }: DialogProps) {
  const { language } = useRbac();
  const t = passkeyTexts(language);
  const { store } = useSession();
  const [title, setTitle] = useState(passkey.title);
  const [error, setError] = useState<string>();
  const { pending, act } = useAction(async () => {
    const url = `${passkeysApi(subject.id)}/${passkey.id}`;
    await store.call(url, { method: "PATCH", body: { title: title.trim() } });
    showSuccess(t("passkeyRenamed"));
    onClose();
    await onDone();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(title.trim() ? undefined : t("nameRequired"));
    if (title.trim()) void act();
  };
  return (
    <Modal opened onClose={onClose} title={t("renameTitle")} centered>
      <form onSubmit={submit} noValidate data-passkey-form="rename">
        <Stack gap="sm">
          <TextInput
            label={t("passkeyName")}
            maxLength={100}
            value={title}
            error={error}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Asks before removing: the account keeps its other sign-in methods, so no proof is asked. */
export function RemovePasskeyDialog({ subject, passkey, onClose, onDone }: DialogProps) {
  const { language } = useRbac();
  const t = passkeyTexts(language);
  const { store } = useSession();
  const { pending, act } = useAction(async () => {
    await store.call(`${passkeysApi(subject.id)}/${passkey.id}`, { method: "DELETE" });
    showSuccess(t("passkeyRemoved"));
    onClose();
    await onDone();
  });
  return (
    <Modal opened onClose={onClose} title={t("removeTitle")} centered>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {passkey.title}
        </Text>
        <Text size="sm">{t("removeText")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button color="red" loading={pending} onClick={() => void act()}>
            {t("remove")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, PasswordInput, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { PasskeyCancelled, registerPasskey } from "../../../../api/passkeys.js";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { hasPassword } from "../identity-email-form.js";
import { showError, showSuccess, useAction } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { passkeyTexts } from "./passkey-strings.js";

/**
 * "Add a passkey": a name and, for an account with a password, that password (the server asks
 * for it unless the sign-in is recent: a stolen session must not add its own way in), then the
 * device's prompt.
 */
export function AddPasskey({ subject, onAdded }: { subject: Subject; onAdded: () => Promise<void> }) {
  const { language } = useRbac();
  const t = passkeyTexts(language);
  const { store } = useSession();
  const [open, setOpen] = useState(false);
  const askPassword = hasPassword(subject);
  const [title, setTitle] = useState(t("defaultName"));
  const [currentPassword, setCurrentPassword] = useState("");
  const [titleError, setTitleError] = useState<string>();
  const { pending, act } = useAction(async () => {
    if (typeof window.PublicKeyCredential !== "function") return showError(t("passkeyUnsupported"));
    try {
      await registerPasskey(store.call, subject.id, title.trim(), currentPassword || undefined);
    } catch (error) {
      if (error instanceof PasskeyCancelled) return showError(t("passkeyCancelled"));
      throw error;
    }
    showSuccess(t("passkeyAdded"));
    setCurrentPassword("");
    setOpen(false);
    await onAdded();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTitleError(title.trim() ? undefined : t("nameRequired"));
    if (title.trim()) void act();
  };
  if (!open) {
    return (
      <Group justify="flex-start">
        <Button variant="subtle" onClick={() => setOpen(true)} data-add-passkey>
          {t("addPasskey")}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md">
      <form onSubmit={submit} noValidate data-passkey-form="add">
        <Stack gap="sm">
          <Text fw={600}>{t("addPasskey")}</Text>
          <TextInput
            label={t("passkeyName")}
            placeholder={t("passkeyNamePlaceholder")}
            maxLength={100}
            value={title}
            error={titleError}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          {askPassword && (
            <PasswordInput
              label={t("currentPassword")}
              description={t("currentPasswordHint")}
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {pending ? t("adding") : t("addPasskey")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

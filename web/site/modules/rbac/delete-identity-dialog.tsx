import { Button, Modal, PasswordInput } from "@mantine/core";
import { Group, Stack, Text } from "../../render/primitives.js";
import type { FormEvent } from "react";
import { useSession } from "../../session/use-session.js";
import type { Identity, Subject } from "../../session/types.js";
import { hasPassword } from "./identity-email-form.js";
import { subjectApi } from "./routes.js";
import { showSuccess, useAction } from "./use-action.js";
import { useFormFields } from "./use-form-fields.js";
import { useRbac } from "./use-rbac.js";
import { checkPassword } from "./validation.js";

/**
 * Asks before deleting a sign-in method, with the subject's current password when it has one:
 * the server asks for it, so a stolen session cannot take the owner's way in away (docs/security.md
 * "Security"). A wallet-only subject's recent sign-in is its proof.
 */
export function DeleteIdentityDialog({
  subject,
  identity,
  opened,
  onClose,
}: {
  subject: Subject;
  identity: Identity;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useRbac();
  const { store } = useSession();
  const askPassword = hasPassword(subject);
  const form = useFormFields({ currentPassword: "" }, (v) => ({
    currentPassword: askPassword ? checkPassword(v.currentPassword) : undefined,
  }));
  const { pending, act } = useAction(async () => {
    const body = askPassword ? { currentPassword: form.values.currentPassword } : undefined;
    await store.call(`${subjectApi(subject.id)}/identities/${identity.id}`, { method: "DELETE", body });
    showSuccess(t("deleted"));
    onClose();
    await store.load();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("deleteIdentity")} centered>
      <form onSubmit={submit} noValidate data-identity-form="delete">
        <Stack gap="sm">
          <Text size="sm">{t("deleteIdentityText")}</Text>
          {askPassword && (
            <PasswordInput
              label={t("currentPassword")}
              autoComplete="current-password"
              {...form.field("currentPassword")}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" color="red" disabled={pending}>
              {pending ? t("deleting") : t("delete")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

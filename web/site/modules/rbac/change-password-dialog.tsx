import { Button, Modal, PasswordInput } from "@mantine/core";
import { Group, Stack, Text } from "../../render/primitives.js";
import type { FormEvent } from "react";
import type { Identity, SessionTokens } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { identityPasswordApi } from "./routes.js";
import { showSuccess, useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";
import { useFormFields } from "./use-form-fields.js";
import { checkPassword } from "./validation.js";

/**
 * 'Change Password': the current and a new password for the email identity. The server revokes
 * every session of the subject on a change and answers this caller a fresh one, which this tab
 * keeps: the subject stays signed in here and is signed out everywhere else.
 */
export function ChangePasswordDialog({
  identity,
  opened,
  onClose,
}: {
  identity: Identity;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useRbac();
  const { store } = useSession();
  const form = useFormFields({ password: "", newPassword: "" }, (v) => ({
    password: checkPassword(v.password),
    newPassword: checkPassword(v.newPassword),
  }));
  const { password, newPassword } = form.values;

  const { pending, act } = useAction(async () => {
    const answer = await store.call<Partial<SessionTokens>>(identityPasswordApi(identity.id), {
      method: "PATCH",
      body: { password, newPassword },
      raw: true,
    });
    if (answer.jwt && answer.refresh) await store.signedIn({ jwt: answer.jwt, refresh: answer.refresh });
    showSuccess(t("passwordChanged"));
    form.reset();
    onClose();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("changePasswordTitle")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("changePasswordText")}
          </Text>
          <PasswordInput
            label={t("currentPassword")}
            autoComplete="current-password"
            {...form.field("password")}
            data-autofocus
          />
          <PasswordInput label={t("newPassword")} autoComplete="new-password" {...form.field("newPassword")} />
          <Group justify="flex-end">
            <Button type="submit" disabled={pending}>
              {pending ? t("updating") : t("changePasswordButton")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

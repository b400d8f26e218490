import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import type { FormEvent } from "react";
import { api } from "../../../api/client.js";
import type { Identity, SessionTokens } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { EMAIL_API, identityPasswordApi } from "./routes.js";
import { showSuccess, useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";
import { useFormFields } from "./use-form-fields.js";
import { checkPassword } from "./validation.js";

/**
 * 'Change Password': the current and a new password for the email identity. The server revokes
 * every refresh token of the subject on a change, so this tab signs in again with the new
 * password to keep its session.
 */
export function ChangePasswordDialog({ identity, opened, onClose }: { identity: Identity; opened: boolean; onClose: () => void }) {
  const { t } = useRbac();
  const { store } = useSession();
  const form = useFormFields({ password: "", newPassword: "" }, (v) => ({ password: checkPassword(v.password), newPassword: checkPassword(v.newPassword) }));
  const { password, newPassword } = form.values;

  const { pending, act } = useAction(async () => {
    await store.call(identityPasswordApi(identity.id), { method: "PATCH", body: { password, newPassword }, raw: true });
    if (identity.email) {
      const tokens = await api<SessionTokens>(`${EMAIL_API}/authentication`, {
        method: "POST",
        body: { login: identity.email, password: newPassword },
        raw: true,
      });
      await store.signedIn(tokens);
    }
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
          <PasswordInput
            label={t("newPassword")}
            autoComplete="new-password"
            {...form.field("newPassword")}
          />
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

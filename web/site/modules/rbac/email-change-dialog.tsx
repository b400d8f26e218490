import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { useFormFields } from "./use-form-fields.js";
import { useSession } from "../../session/use-session.js";
import type { Identity } from "../../session/types.js";
import { subjectApi } from "./routes.js";
import { showSuccess, useAction } from "./use-action.js";
import { useRbac } from "./use-rbac.js";
import { checkEmail } from "./validation.js";

/** Changes an email identity's email (closed → open → submitting → closed). */
export function EmailChangeDialog({ subjectId, identity, opened, onClose }: { subjectId: string; identity: Identity; opened: boolean; onClose: () => void }) {
  const { t } = useRbac();
  const { store } = useSession();
  const form = useFormFields({ email: identity.email ?? "" }, (v) => ({ email: checkEmail(v.email) }));
  const { email } = form.values;

  const { pending, act } = useAction(async () => {
    await store.call(`${subjectApi(subjectId)}/identities/${identity.id}`, { method: "PATCH", body: { email: email.trim() } });
    showSuccess(t("emailUpdated"));
    onClose();
    await store.load();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("changeEmail")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("changeEmailText")}
          </Text>
          <TextInput
            label={t("email")}
            type="email"
            autoComplete="email"
            {...form.field("email")}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={pending}>
              {pending ? t("updating") : t("update")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, PasswordInput, TextInput } from "@mantine/core";
import { Group, Stack } from "../../render/primitives.js";
import type { FormEvent } from "react";
import type { Subject } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { hasPassword } from "./identity-email-form.js";
import { showSuccess, useAction } from "./use-action.js";
import { useFormFields } from "./use-form-fields.js";
import { useRbac } from "./use-rbac.js";
import { checkEmail, checkPassword } from "./validation.js";

const CREATE_BY_EMAIL_API = "/api/rbac/identity/email-and-password";

/**
 * create-by-email: a new email-and-password sign-in method for the signed-in subject: its email,
 * its password and, when the subject already has a password, that current password too.
 */
export function IdentityCreateByEmail({ subject, onDone }: { subject: Subject; onDone?: () => void }) {
  const { t } = useRbac();
  const { store } = useSession();
  const askPassword = hasPassword(subject);
  const form = useFormFields({ email: "", password: "", currentPassword: "" }, (v) => ({
    email: checkEmail(v.email),
    password: checkPassword(v.password),
    currentPassword: askPassword ? checkPassword(v.currentPassword) : undefined,
  }));
  const { email, password, currentPassword } = form.values;

  const { pending, act } = useAction(async () => {
    await store.call(CREATE_BY_EMAIL_API, {
      method: "POST",
      body: { email: email.trim(), password, ...(askPassword ? { currentPassword } : {}) },
    });
    showSuccess(t("identityAdded"));
    form.reset();
    onDone?.();
    await store.load();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return (
    <form onSubmit={submit} noValidate data-identity-form="create-by-email">
      <Stack gap="sm">
        <TextInput label={t("email")} type="email" autoComplete="email" {...form.field("email")} />
        <PasswordInput label={t("password")} autoComplete="new-password" {...form.field("password")} />
        {askPassword && (
          <PasswordInput
            label={t("currentPassword")}
            autoComplete="current-password"
            {...form.field("currentPassword")}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={pending}>
            {pending ? t("sending") : t("submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

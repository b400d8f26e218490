import { Button, PasswordInput, TextInput } from "@mantine/core";
import { Group, Stack } from "../../render/primitives.js";
import type { FormEvent } from "react";
import { EMAIL_PROVIDER, type Identity, type Subject } from "../../session/types.js";
import { useSession } from "../../session/use-session.js";
import { subjectApi } from "./routes.js";
import type { RbacStringKey } from "./strings.js";
import { showSuccess, useAction } from "./use-action.js";
import { useFormFields } from "./use-form-fields.js";
import { useRbac } from "./use-rbac.js";
import { checkEmail, checkPassword } from "./validation.js";

/** A subject with a password proves each change of its sign-in methods with it (docs/security.md "Security"). */
export const hasPassword = (subject: Subject) => subject.identities.some((i) => i.provider === EMAIL_PROVIDER);

export interface IdentityEmailFormProps {
  subject: Subject;
  identity: Identity;
  /** The button's label, and its label while sending. */
  labels?: [RbacStringKey, RbacStringKey];
  onDone?: () => void;
  /** The server mailed a confirmation link to this new address instead of changing the email (the subject's own change). */
  onLinkSent?: (email: string) => void;
}

/**
 * One identity's email: the email field, the subject's current password (when it has one; the
 * server asks for it, so a stolen session cannot move the login elsewhere) and Submit.
 */
export function IdentityEmailForm({
  subject,
  identity,
  labels = ["submit", "updating"],
  onDone,
  onLinkSent,
}: IdentityEmailFormProps) {
  const { t } = useRbac();
  const { store } = useSession();
  const askPassword = hasPassword(subject);
  const form = useFormFields({ email: identity.email ?? "", currentPassword: "" }, (v) => ({
    email: checkEmail(v.email),
    currentPassword: askPassword ? checkPassword(v.currentPassword) : undefined,
  }));
  const { email, currentPassword } = form.values;

  const { pending, act } = useAction(async () => {
    const body = { email: email.trim(), ...(askPassword ? { currentPassword } : {}) };
    const answer = await store.call<{ pendingEmail?: string }>(`${subjectApi(subject.id)}/identities/${identity.id}`, {
      method: "PATCH",
      body,
    });
    if (answer?.pendingEmail && onLinkSent) return onLinkSent(answer.pendingEmail);
    showSuccess(t("emailUpdated"));
    onDone?.();
    await store.load();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) void act();
  };

  return (
    <form onSubmit={submit} noValidate data-identity-form="email">
      <Stack gap="sm">
        <TextInput label={t("email")} type="email" autoComplete="email" {...form.field("email")} data-autofocus />
        {askPassword && (
          <PasswordInput
            label={t("currentPassword")}
            autoComplete="current-password"
            {...form.field("currentPassword")}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={pending}>
            {pending ? t(labels[1]) : t(labels[0])}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

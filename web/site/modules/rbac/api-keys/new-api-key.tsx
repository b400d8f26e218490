import { Button, NativeSelect, PasswordInput, Radio, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { type CreatedApiKey, type KeyScope, apiKeysPath } from "../../../../../common/account/api-keys.js";
import { ApiError } from "../../../../api/client.js";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { hasPassword } from "../identity-email-form.js";
import { showSuccess, useAction } from "../use-action.js";
import { useRbac } from "../use-rbac.js";
import { apiKeyTexts } from "./api-key-strings.js";

const SCOPES: Record<"read" | "read-write", KeyScope[]> = { read: ["read"], "read-write": ["read", "write"] };
/** The expiries offered, in days; none: the key lasts until revoked. */
const EXPIRIES = { never: 0, days30: 30, days90: 90, year: 365 } as const;
type Expiry = keyof typeof EXPIRIES;

/**
 * "New key": a name, read only or read and write, an expiry, and for an account with a password
 * that password (the server asks for it unless the sign-in is recent, as for adding a sign-in
 * method: a stolen session must not make itself a lasting key).
 */
export function NewApiKey({ subject, onCreated }: { subject: Subject; onCreated(key: CreatedApiKey): Promise<void> }) {
  const { language } = useRbac();
  const t = apiKeyTexts(language);
  const { store } = useSession();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [access, setAccess] = useState<"read" | "read-write">("read");
  const [expiry, setExpiry] = useState<Expiry>("days90");
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<{ title?: string; password?: string }>({});
  const { pending, act } = useAction(async () => {
    const days = EXPIRIES[expiry];
    const body = {
      title: title.trim(),
      scopes: SCOPES[access],
      ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
      ...(currentPassword ? { currentPassword } : {}),
    };
    try {
      const created = await store.call<CreatedApiKey>(apiKeysPath(subject.id), { method: "POST", body });
      showSuccess(t("created"));
      setOpen(false);
      setTitle("");
      setCurrentPassword("");
      await onCreated(created);
    } catch (error) {
      const password = error instanceof ApiError && error.cause.find((c) => c.path === "/currentPassword");
      if (!password) throw error;
      setErrors({ password: t(password.message === "is required" ? "passwordRequired" : "wrongPassword") });
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({ title: title.trim() ? undefined : t("nameRequired") });
    if (title.trim()) void act();
  };
  if (!open) {
    return (
      <Group justify="flex-start">
        <Button variant="subtle" onClick={() => setOpen(true)} data-new-api-key-open>
          {t("newKey")}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md">
      <form onSubmit={submit} noValidate data-api-key-form>
        <Stack gap="sm">
          <Text fw={600}>{t("newKey")}</Text>
          <TextInput
            label={t("keyName")}
            placeholder={t("keyNamePlaceholder")}
            maxLength={100}
            value={title}
            error={errors.title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Radio.Group label={t("access")} value={access} onChange={(value) => setAccess(value as typeof access)}>
            <Group gap="lg" mt={4}>
              <Radio value="read" label={t("readOnly")} />
              <Radio value="read-write" label={t("readWrite")} />
            </Group>
          </Radio.Group>
          <NativeSelect
            label={t("expiry")}
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value as Expiry)}
            data={(Object.keys(EXPIRIES) as Expiry[]).map((value) => ({ value, label: t(value) }))}
          />
          {hasPassword(subject) && (
            <PasswordInput
              label={t("currentPassword")}
              description={t("currentPasswordHint")}
              autoComplete="current-password"
              value={currentPassword}
              error={errors.password}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {pending ? t("creating") : t("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Button, PasswordInput, TextInput } from "@mantine/core";
import { useState } from "react";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { Subject } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { useAction } from "../use-action.js";
import { twoFactorApi } from "./two-factor-api.js";
import { CODE_PATTERN } from "./two-factor-strings.js";
import { useTwoFactorTexts } from "./use-two-factor-texts.js";

/** Turning two-factor sign-in off: the password and a code (from the app, or a recovery code). */
export function TurnOffForm({
  subject,
  onDone,
  onCancel,
}: {
  subject: Subject;
  onDone(): Promise<void>;
  onCancel(): void;
}) {
  const t = useTwoFactorTexts();
  const { store } = useSession();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const off = useAction(async () => {
    if (!CODE_PATTERN.test(code)) {
      setError(t("recoveryFormat"));
      return;
    }
    await store.call(`${twoFactorApi(subject.id)}/totp`, { method: "DELETE", body: { password, code: code.trim() } });
    await onDone();
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void off.act();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t("turnOffText")}</Text>
          <PasswordInput
            label={t("password")}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <TextInput
            label={t("codeOrRecovery")}
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group gap="sm">
            <Button type="submit" color="red" loading={off.pending}>
              {t("turnOff")}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t("cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

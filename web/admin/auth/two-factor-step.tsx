import { Anchor, Button, Center, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { api } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { twoFactorTexts } from "./two-factor-texts.js";
import { AUTH } from "./use-session.js";
import { PasskeySecondStep } from "./passkey-second-step.js";

interface Props {
  token: string;
  onSignedIn(): Promise<void>;
  onBack(): void;
}

/** The admin sign-in's second step: a code from the app or a recovery code; the server answers with the session cookie. */
export function TwoFactorStep({ token, onSignedIn, onBack }: Props) {
  const t = twoFactorTexts();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wellFormed = recovery ? /^\s*[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}\s*$/ : /^\s*\d{3}\s?\d{3}\s*$/;
    if (!wellFormed.test(code)) return setError(recovery ? t.recoveryFormat : t.codeFormat);
    setPending(true);
    try {
      await api(`${AUTH}/two-factor`, { method: "POST", body: { token, code: code.trim() } });
      await onSignedIn();
    } catch (failure) {
      notifyError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w={400} component="form" onSubmit={submit} data-two-factor-step>
        <Stack>
          <div>
            <Title order={2}>{t.title}</Title>
            <Text c="dimmed" size="sm">
              {recovery ? t.recoveryHint : t.enterCode}
            </Text>
          </div>
          <TextInput
            key={recovery ? "recovery" : "app"}
            label={recovery ? t.recoveryCode : t.code}
            inputMode={recovery ? "text" : "numeric"}
            autoComplete="one-time-code"
            autoFocus
            value={code}
            error={error}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button type="submit" loading={pending} fullWidth>
            {t.verify}
          </Button>
          <PasskeySecondStep token={token} onSignedIn={onSignedIn} />
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setRecovery(!recovery);
                setCode("");
                setError(undefined);
              }}
            >
              {recovery ? t.useApp : t.useRecovery}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              {t.back}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

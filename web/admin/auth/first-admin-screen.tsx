import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "../../api/client.js";
import { notifyError } from "../notify.js";
import { firstAdminTexts } from "./first-admin-texts.js";
import { AUTH } from "./use-session.js";

interface Props {
  /** Created and signed in (the server set the session cookie). */
  onCreated(): Promise<void>;
  /** An administrator exists after all (made some other way): back to sign-in. */
  onClosed(): void;
}

/**
 * Shown at /admin while the database has no administrator: the code the server printed at start
 * proves the person is the one who started it, so a stranger on the network cannot take the site.
 */
export function FirstAdminScreen({ onCreated, onClosed }: Props) {
  const t = firstAdminTexts();
  const [code, setCode] = useState("");
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setRefusal(undefined);
    try {
      await api(`${AUTH}/first-admin`, { method: "POST", body: { code, login, password }, raw: true });
      await onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setRefusal(t.wrongCode);
      else if (error instanceof ApiError && error.status === 409) onClosed();
      else notifyError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="xl"
        w={440}
        component="form"
        onSubmit={submit}
        data-testid="first-admin"
      >
        <Stack>
          <div>
            <Title order={2}>{t.title}</Title>
            <Text c="dimmed" size="sm">
              {t.intro}
            </Text>
          </div>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label={t.code}
            description={t.codeHint}
            name="code"
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
            spellCheck={false}
          />
          <TextInput
            label={t.email}
            type="email"
            name="login"
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            autoComplete="username"
          />
          <PasswordInput
            label={t.password}
            description={t.passwordHint}
            name="password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <Button type="submit" loading={pending} fullWidth>
            {t.submit}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

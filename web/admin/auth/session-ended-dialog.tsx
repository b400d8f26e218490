import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { api, ApiError } from "../../api/client.js";
import { sessionKeeper } from "./session-keeper.js";
import { sessionTexts } from "./session-texts.js";
import { AUTH, isAdmin, type Subject } from "./use-session.js";

/**
 * Opens over whatever screen is showing when the sign-in really ended (the refresh token expired
 * or was revoked): the same person signs in again, and the saves that waited are sent. Nothing
 * under it is unmounted, so what is typed in the forms stays.
 */
export function SessionEndedDialog({ email, onSignOut }: { email: string; onSignOut(): Promise<void> }) {
  const t = sessionTexts();
  const keeper = sessionKeeper();
  const state = useSyncExternalStore(keeper.subscribe, () => keeper.state);
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(undefined);
    try {
      const session = await api<{ jwt: string }>(`${AUTH}/email-and-password/authentication`, {
        method: "POST",
        body: { login: email, password },
        raw: true,
      });
      const subject = await api<Subject>(`${AUTH}/me`);
      if (!isAdmin(subject)) {
        setProblem(t.notAdmin);
        return;
      }
      setPassword("");
      keeper.signedIn(session.jwt);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={state === "ended"}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t.endedTitle}
      zIndex={1000}
      data-testid="session-ended-dialog"
    >
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{t.endedBody}</Text>
          {problem ? (
            <Alert color="red" data-testid="session-ended-problem">
              {problem}
            </Alert>
          ) : null}
          <TextInput label={t.email} value={email} readOnly autoComplete="username" />
          <PasswordInput
            label={t.password}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            data-autofocus
            data-testid="session-ended-password"
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void onSignOut()}>
              {t.signOut}
            </Button>
            <Button type="submit" loading={pending} data-testid="session-ended-sign-in">
              {t.signIn}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

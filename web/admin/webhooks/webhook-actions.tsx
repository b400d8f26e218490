import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../notify.js";
import { webhookTexts } from "./webhook-texts.js";
import { type Delivery, rollSecret, sendTestEvent } from "./webhooks-api.js";

interface Props {
  webhookId: string;
  active: boolean;
  /** The log's rows, where the test event's delivery shows how it went. */
  deliveries: Delivery[] | undefined;
  /** Reads the log again (the test's delivery is in it at once). */
  reloadLog(): Promise<void>;
  /** A rolled secret, to show once. */
  onSecret(secret: string): void;
}

/**
 * "Send test event", whose outcome is said beside it as its delivery moves in the log (sending,
 * delivered with the status and time, or failed and retried), and "Roll secret", asked once more
 * first because the receiver must be given the new one within a day.
 */
export function WebhookActions({ webhookId, active, deliveries, reloadLog, onSecret }: Props) {
  const t = webhookTexts();
  const [testId, setTestId] = useState<string>();
  const [busy, setBusy] = useState<"test" | "roll">();
  const [confirming, setConfirming] = useState(false);
  const sendTest = async () => {
    setBusy("test");
    try {
      setTestId(await sendTestEvent(webhookId));
      notifySuccess(t.testQueued);
      await reloadLog();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(undefined);
    }
  };
  const roll = async () => {
    setBusy("roll");
    try {
      onSecret(await rollSecret(webhookId));
      notifySuccess(t.secretRolledNote);
      setConfirming(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(undefined);
    }
  };
  const test = testId ? deliveries?.find((row) => row.id === testId) : undefined;
  const outcome = !testId ? null : !test || (test.state === "pending" && test.attempts === 0) ? (
    <Alert color="gray" data-testid="webhook-test-result" data-state="pending">
      {t.testPending}
    </Alert>
  ) : test.state === "succeeded" ? (
    <Alert color="green" data-testid="webhook-test-result" data-state="succeeded">
      {t.testSucceeded(test.statusCode, test.durationMs)}
    </Alert>
  ) : (
    <Alert color={test.state === "failed" ? "red" : "orange"} data-testid="webhook-test-result" data-state={test.state}>
      {(test.state === "failed" ? t.testFailed : t.testRetrying)(test.statusCode, test.error)}
    </Alert>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="webhook-actions">
      <Stack gap="sm">
        <Title order={4}>{t.actions}</Title>
        <Text size="sm" c="dimmed">
          {active ? t.testHelp : t.offCannotSend}
        </Text>
        <Group gap="sm">
          <Button
            onClick={() => void sendTest()}
            loading={busy === "test"}
            disabled={!active || busy !== undefined}
            data-testid="webhook-send-test"
          >
            {t.sendTest}
          </Button>
          {!confirming ? (
            <Button
              variant="default"
              onClick={() => setConfirming(true)}
              disabled={busy !== undefined}
              data-testid="webhook-roll"
            >
              {t.rollSecret}
            </Button>
          ) : null}
        </Group>
        {outcome}
        {confirming ? (
          <Alert color="orange" title={t.rollSecret} data-testid="webhook-roll-confirm">
            <Stack gap="xs">
              <Text size="sm">{t.rollWarning}</Text>
              <Group gap="xs">
                <Button
                  color="orange"
                  onClick={() => void roll()}
                  loading={busy === "roll"}
                  data-testid="webhook-roll-yes"
                >
                  {t.rollConfirm}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t.cancel}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

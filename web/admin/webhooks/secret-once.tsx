import { Alert, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { webhookTexts } from "./webhook-texts.js";

/**
 * A signing secret the server answered this once (a new webhook, a rolled secret): shown with
 * Copy and what it is for, until "I have stored it". Nothing keeps it: no route shows it again.
 */
export function SecretOnce({ secret, rolled, onDone }: { secret: string; rolled: boolean; onDone(): void }) {
  const t = webhookTexts();
  const shown = useRef<HTMLDivElement>(null);
  // A save or a roll made further down the page: the secret comes into view, not above it.
  // A block body: Chromium's scrollIntoView may answer a promise, which React would take for a cleanup.
  useEffect(() => {
    shown.current?.scrollIntoView({ block: "center" });
  }, [secret]);
  return (
    <Alert ref={shown} color="blue" title={t.secretTitle} data-testid="webhook-secret">
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {rolled ? t.secretRolled : t.secretCreated}
        </Text>
        <Code block style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }} data-testid="webhook-secret-value">
          {secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={secret} timeout={4000}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} data-testid="webhook-secret-copy">
                {copied ? t.copied : t.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone} data-testid="webhook-secret-done">
            {t.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

import { Alert, Badge, Button, Code, Stack, Text } from "@mantine/core";
import { momentText } from "../time/time-text.js";
import { webhookTexts } from "./webhook-texts.js";
import type { Webhook } from "./webhooks-api.js";

type StatusFields = Pick<Webhook, "active" | "failingSince" | "disabledAt" | "disabledReason">;

/**
 * Where a webhook stands (docs/webhooks.md "Turned off after five days"): active; failing (every
 * delivery since `failingSince` failed); turned off by the server (`disabledAt`, with its reason);
 * off by hand; or turned on again after a turn-off, which its next answered attempt clears.
 */
export type WebhookStatus = "active" | "failing" | "disabled" | "off" | "turned-on-again";

export function statusOf(webhook: StatusFields): WebhookStatus {
  if (!webhook.active) return webhook.disabledAt ? "disabled" : "off";
  if (webhook.disabledAt) return "turned-on-again";
  return webhook.failingSince ? "failing" : "active";
}

const COLOURS: Record<WebhookStatus, string> = {
  active: "green",
  failing: "orange",
  disabled: "red",
  off: "gray",
  "turned-on-again": "yellow",
};

export function WebhookStatusBadge({ webhook }: { webhook: StatusFields }) {
  const t = webhookTexts();
  const status = statusOf(webhook);
  const label = {
    active: t.statusActive,
    failing: t.statusFailing,
    disabled: t.statusDisabled,
    off: t.statusOff,
    "turned-on-again": t.statusActive,
  }[status];
  return (
    <Badge
      color={COLOURS[status]}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-testid="webhook-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}

/**
 * What the status means and what to do about it, under the webhook's heading: a turned-off
 * webhook says when and why (the server's own note beside the admin's words) with "Turn on
 * again"; a failing one since when; one off by hand how to turn it on. Nothing for a healthy one.
 */
export function WebhookStatusNotice({
  webhook,
  onTurnOn,
  busy,
}: {
  webhook: StatusFields;
  onTurnOn(): void;
  busy: boolean;
}) {
  const t = webhookTexts();
  const when = (iso: string | null) => (iso ? momentText(iso, t.locale) : undefined);
  switch (statusOf(webhook)) {
    case "disabled":
      return (
        <Alert color="red" title={t.disabledTitle} data-testid="webhook-disabled">
          <Stack gap="xs">
            <Text size="sm">{t.disabledSince(when(webhook.disabledAt)!, when(webhook.failingSince))}</Text>
            {webhook.disabledReason ? (
              <Text size="sm">
                {t.disabledReason}: <Code>{webhook.disabledReason}</Code>
              </Text>
            ) : null}
            <Text size="sm">{t.disabledHelp}</Text>
            <div>
              <Button color="red" onClick={onTurnOn} loading={busy} data-testid="webhook-turn-on">
                {t.turnOn}
              </Button>
            </div>
          </Stack>
        </Alert>
      );
    case "turned-on-again":
      return (
        <Alert color="yellow" data-testid="webhook-turned-on-again">
          {t.turnedOnBefore(when(webhook.disabledAt)!)}
        </Alert>
      );
    case "failing":
      return (
        <Alert color="orange" data-testid="webhook-failing">
          <Text size="sm">{t.failingSince(when(webhook.failingSince)!)}</Text>
          <Text size="sm">{t.failingHelp}</Text>
        </Alert>
      );
    case "off":
      return (
        <Alert color="gray" data-testid="webhook-off">
          {t.offNote}
        </Alert>
      );
    default:
      return null;
  }
}

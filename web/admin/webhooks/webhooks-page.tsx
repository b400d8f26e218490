import { Anchor, Button, Code, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { containsPattern } from "../data/list-query.js";
import { PricingList } from "../pricing/pricing-list.js";
import { usePricingList } from "../pricing/use-pricing-list.js";
import { eventTexts } from "./event-texts.js";
import { eventSummary } from "./event-words.js";
import { useEventCatalogue } from "./use-event-catalogue.js";
import { momentText } from "../time/time-text.js";
import { statusOf, WebhookStatusBadge } from "./webhook-status.js";
import { webhookTexts } from "./webhook-texts.js";
import { type Webhook, WEBHOOKS_MODEL } from "./webhooks-api.js";

/** The search box's text in the title or the URL. */
const searchFilters = (text: string) => {
  if (!text) return [];
  const value = containsPattern(text);
  return [{ or: ["title", "url"].map((column) => ({ column, method: "ilike", value })) }];
};

/**
 * /admin/webhooks: every webhook with its title, URL, events in words, and where it stands —
 * active, failing since when, turned off and why, or off — newest first, searched by title or
 * URL, "New webhook". A row opens the webhook's page with its actions and delivery log.
 */
export function WebhooksPage() {
  const t = webhookTexts();
  const e = eventTexts();
  const catalogue = useEventCatalogue(t.language);
  const { search, list } = usePricingList<Webhook, undefined>(WEBHOOKS_MODEL, searchFilters, async () => undefined);
  const when = (iso: string) => momentText(iso, t.locale);
  const statusLine = (webhook: Webhook) => {
    const status = statusOf(webhook);
    if (status === "disabled")
      return t.disabledSince(when(webhook.disabledAt!), webhook.failingSince ? when(webhook.failingSince) : undefined);
    if (status === "failing") return t.failingSince(when(webhook.failingSince!));
    return undefined;
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t.webhooks}</Title>
        <Button component={Link} to="/admin/webhooks/new" data-testid="webhooks-new">
          {t.newWebhook}
        </Button>
      </Group>
      <PricingList<Webhook>
        testId="webhooks-table"
        rowTestId="webhooks-row"
        search={{ label: t.search, ...search, testId: "webhooks-search" }}
        list={list}
        texts={t}
        minWidth={900}
        rowKey={(webhook) => webhook.id}
        columns={[
          {
            header: t.title,
            testId: "webhooks-title",
            cell: (webhook) => (
              <Anchor component={Link} to={`/admin/webhooks/${webhook.id}`}>
                {webhook.title || t.untitled}
              </Anchor>
            ),
          },
          {
            header: t.url,
            testId: "webhooks-url",
            cell: (webhook) => <Code style={{ wordBreak: "break-all" }}>{webhook.url}</Code>,
          },
          {
            header: t.events,
            testId: "webhooks-events",
            cell: (webhook) =>
              catalogue ? webhook.events.map((pattern) => eventSummary(pattern, catalogue, e)).join(", ") : "",
          },
          {
            header: t.status,
            testId: "webhooks-status",
            cell: (webhook) => (
              <Stack gap={2}>
                <WebhookStatusBadge webhook={webhook} />
                {statusLine(webhook) ? (
                  <Text size="xs" c="dimmed">
                    {statusLine(webhook)}
                  </Text>
                ) : null}
                {statusOf(webhook) === "disabled" && webhook.disabledReason ? (
                  <Text size="xs" c="dimmed" lineClamp={2} title={webhook.disabledReason}>
                    {webhook.disabledReason}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}

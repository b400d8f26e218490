import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { PublishingQueue } from "../../../common/admin/publishing-queue.js";
import { api } from "../../api/client.js";
import { ChangesCard } from "./changes-card.js";
import { dashboardTexts } from "./dashboard-texts.js";
import { OrdersCard } from "./orders-card.js";
import { DraftsCard, PUBLISHING, ScheduledCard } from "./publishing-cards.js";
import { SubmissionsCard } from "./submissions-card.js";
import { useCardData } from "./use-card-data.js";

/**
 * /admin, the first screen after sign-in: a card for each thing waiting for the site's owner or
 * editor — drafts, scheduled publishing, recent changes, orders to ship, new form submissions —
 * each linking to its screen. A card the person's permissions refuse is not shown (the server
 * refuses its data). The list of every model stays one click away ("All models", /admin/models).
 */
export function DashboardPage() {
  const t = dashboardTexts();
  // The drafts and the schedules come in one answer (docs/drafts.md, "What waits to be published").
  const queue = useCardData((signal) => api<PublishingQueue>(PUBLISHING, { signal }));
  return (
    <Stack gap="lg" maw={1200} data-testid="dashboard">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          {/* The page's one level-one heading (the cards' titles are level two under it). */}
          <Title order={1} size="h2">
            {t.dashboard}
          </Title>
          <Text c="dimmed" size="sm">
            {t.intro}
          </Text>
        </div>
        <Button component={Link} to="/admin/models" variant="default" data-testid="dashboard-all-models">
          {t.allModels}
        </Button>
      </Group>
      {/* As many columns as fit cards of 17.5rem (one on a phone, three beside the side list at 1280 px). */}
      <SimpleGrid minColWidth="17.5rem" autoFlow="auto-fit" spacing="md">
        <DraftsCard queue={queue} />
        <ScheduledCard queue={queue} />
        <OrdersCard />
        <SubmissionsCard />
        <ChangesCard />
      </SimpleGrid>
    </Stack>
  );
}

import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { dashboardTexts } from "./dashboard-texts.js";
import type { CardStatus } from "./use-card-data.js";

interface Props {
  testId: string;
  title: string;
  /** The screen the card stands for: its title links there. */
  to: string;
  status: CardStatus;
  retry(): void;
  /** How many there are, in words ("3 drafts waiting"); shown when there are any. */
  count: string;
  /** Whether there is nothing to show: `empty` says so in words instead of the count and lines. */
  isEmpty: boolean;
  empty: string;
  /** The first few, each a CardLine. */
  children?: ReactNode;
}

/**
 * One card of the dashboard: its title links to its screen; then the count and a few lines, or
 * in words that there is nothing. A card the server refused to the signed-in person (403) is not
 * shown at all.
 */
export function DashboardCard({ testId, title, to, status, retry, count, isEmpty, empty, children }: Props) {
  const t = dashboardTexts();
  const headingId = useId();
  if (status === "forbidden") return null;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      aria-busy={status === "loading"}
      data-testid={testId}
      data-status={status}
    >
      <Title order={2} size="h4" id={headingId} mb="xs">
        <Anchor component={Link} to={to} inherit data-testid={`${testId}-link`}>
          {title}
        </Anchor>
      </Title>
      {status === "loading" && (
        <Stack gap={8}>
          <VisuallyHidden>{t.loading}</VisuallyHidden>
          <Skeleton h={14} w="50%" />
          <Skeleton h={12} w="90%" />
          <Skeleton h={12} w="75%" />
        </Stack>
      )}
      {status === "failed" && (
        <Group gap="xs">
          <Text size="sm" c="red.9">
            {t.failed}
          </Text>
          <Button size="compact-sm" variant="light" onClick={retry}>
            {t.retry}
          </Button>
        </Group>
      )}
      {status === "ready" && isEmpty && (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      )}
      {status === "ready" && !isEmpty && (
        <>
          <Text size="sm" fw={600} data-testid={`${testId}-count`}>
            {count}
          </Text>
          <Box
            component="ul"
            mt="xs"
            mb={0}
            p={0}
            style={{ listStyle: "none", display: "flex", flexDirection: "column", gap: "var(--mantine-spacing-xs)" }}
          >
            {children}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** One line of a card: what (a link to its screen), and below it when, how or in what state. */
export function CardLine({ to, label, detail }: { to: string; label: string; detail: ReactNode }) {
  return (
    <li data-testid="dashboard-line">
      <Anchor component={Link} to={to} size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {label}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {detail}
      </Text>
    </li>
  );
}

import { ActionIcon, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Fragment, useState, type ReactNode } from "react";
import { notifyError, notifySuccess } from "../notify.js";
import { DeliveryDetails } from "./delivery-details.js";
import { deliveryTexts } from "./delivery-texts.js";
import { eventTexts } from "./event-texts.js";
import { eventWords, type EventCatalogue } from "./event-words.js";
import { momentText } from "../time/time-text.js";
import type { useDeliveries } from "./use-deliveries.js";
import { webhookTexts } from "./webhook-texts.js";
import { type Delivery, redeliver } from "./webhooks-api.js";

/**
 * The row's buttons stay in view at the table's right edge while its columns scroll under them:
 * the log's times and Russian headers are wider than the screen beside the side list at 1280 px.
 */
const STUCK_RIGHT = { position: "sticky", right: 0, background: "var(--mantine-color-body)" } as const;

const PHONE = "(max-width: 47.99em)";
const STATE_COLOURS: Record<string, string> = { queued: "gray", retrying: "orange", succeeded: "green", failed: "red" };

/** A pending delivery not tried yet is queued; tried and waiting for its next attempt, retrying. */
const stateOf = (row: Delivery) => (row.state === "pending" ? (row.attempts > 0 ? "retrying" : "queued") : row.state);

interface Props {
  webhookId: string;
  log: ReturnType<typeof useDeliveries>;
  catalogue: EventCatalogue | undefined;
  /** Redelivering needs the webhook on (the server answers 409 otherwise). */
  active: boolean;
}

/**
 * A webhook's delivery log: each delivery's event, state, attempts, last status code, duration,
 * when it was queued and its next attempt; a row opens to the receiver's answer and its attempts
 * (delivery-details.tsx). "Redeliver" sends the message again as a new delivery and reads the log
 * again. A table on a wide screen, cards on a phone.
 */
export function DeliveryLog({ webhookId, log, catalogue, active }: Props) {
  const t = deliveryTexts();
  const e = eventTexts();
  const { locale } = webhookTexts();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string>();
  const rows = log.rows ?? [];
  // A message sent before (an older row with its webhook-id) makes this row a redelivery.
  const redeliveries = new Set(
    rows.filter((row, i) => rows.slice(i + 1).some((older) => older.messageId === row.messageId)).map((r) => r.id),
  );
  const toggle = (id: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  const again = async (row: Delivery) => {
    setBusy(row.id);
    try {
      await redeliver(webhookId, row.id);
      notifySuccess(t.redelivered);
      await log.reload();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(undefined);
    }
  };
  const eventCell = (row: Delivery) => {
    const words = catalogue ? eventWords(row.eventType, catalogue, e) : e.named[row.eventType];
    return (
      <Stack gap={2} align="flex-start">
        <Text size="sm" fw={500}>
          {words ?? row.eventType}
        </Text>
        {words ? <Code>{row.eventType}</Code> : null}
        {redeliveries.has(row.id) ? (
          <Badge size="xs" variant="outline" color="gray" style={{ minWidth: "max-content" }}>
            {t.redelivery}
          </Badge>
        ) : null}
      </Stack>
    );
  };
  const state = (row: Delivery) => (
    <Badge
      color={STATE_COLOURS[stateOf(row)]}
      variant="light"
      style={{ minWidth: "max-content" }}
      data-testid="delivery-state"
      data-state={row.state}
    >
      {t.states[stateOf(row)]}
    </Badge>
  );
  const cells: [string, string, (row: Delivery) => ReactNode][] = [
    [t.attempts, "delivery-attempts-count", (row) => row.attempts],
    [t.statusCode, "delivery-status", (row) => row.statusCode ?? "—"],
    [t.duration, "delivery-duration", (row) => (row.durationMs == null ? "—" : t.ms(row.durationMs))],
    [t.time, "delivery-time", (row) => momentText(row.createdAt, locale)],
    [
      t.nextAttempt,
      "delivery-next",
      (row) => (row.state === "pending" && row.nextAttemptAt ? momentText(row.nextAttemptAt, locale) : "—"),
    ],
  ];
  const buttons = (row: Delivery) => (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t.details}>
        <ActionIcon
          variant="subtle"
          onClick={() => toggle(row.id)}
          aria-expanded={open.has(row.id)}
          aria-label={(open.has(row.id) ? t.hideDetails : t.showDetails)(row.eventType)}
          data-testid="delivery-toggle"
        >
          <Chevron open={open.has(row.id)} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t.offCannotRedeliver} disabled={active}>
        <Button
          variant="light"
          size="compact-sm"
          disabled={!active || busy !== undefined}
          loading={busy === row.id}
          onClick={() => void again(row)}
          data-testid="delivery-redeliver"
        >
          {t.redeliver}
        </Button>
      </Tooltip>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="delivery-log">
      <Group justify="space-between" mb={4}>
        <Title order={4}>{t.log}</Title>
        <Button variant="default" size="compact-sm" onClick={() => void log.reload()} loading={log.loading}>
          {t.refresh}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t.logHelp}
      </Text>
      {log.rows && rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t.none}
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm" data-testid="delivery-row">
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
                {eventCell(row)}
                {state(row)}
              </Group>
              {cells.map(([header, testId, cell]) => (
                <div key={testId} style={{ display: "flex", gap: 8, paddingBlock: 2 }}>
                  <Text size="sm" c="dimmed" w="45%" style={{ flexShrink: 0 }}>
                    {header}
                  </Text>
                  <Text size="sm" component="div" data-testid={testId}>
                    {cell(row)}
                  </Text>
                </div>
              ))}
              <Group mt={6}>{buttons(row)}</Group>
              {open.has(row.id) ? <DeliveryDetails delivery={row} phone /> : null}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.event}</Table.Th>
                <Table.Th>{t.state}</Table.Th>
                {cells.map(([header, testId]) => (
                  <Table.Th key={testId}>{header}</Table.Th>
                ))}
                <Table.Th style={STUCK_RIGHT} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Fragment key={row.id}>
                  <Table.Tr data-testid="delivery-row">
                    <Table.Td>{eventCell(row)}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{state(row)}</Table.Td>
                    {cells.map(([, testId, cell]) => (
                      <Table.Td key={testId} data-testid={testId} style={{ whiteSpace: "nowrap" }}>
                        {cell(row)}
                      </Table.Td>
                    ))}
                    <Table.Td style={STUCK_RIGHT}>{buttons(row)}</Table.Td>
                  </Table.Tr>
                  {open.has(row.id) ? (
                    <Table.Tr>
                      <Table.Td colSpan={cells.length + 3} bg="gray.0">
                        <DeliveryDetails delivery={row} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.next ? (
        <Group justify="center" mt="sm">
          <Button variant="default" onClick={() => void log.more()} loading={log.loading}>
            {t.more}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/** The details toggle's mark: down while closed, up while open (decorative: the button carries the name). */
const Chevron = ({ open }: { open: boolean }) => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
    style={{ transform: open ? "rotate(180deg)" : undefined }}
  >
    <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

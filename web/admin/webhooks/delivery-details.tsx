import { Code, Stack, Table, Text } from "@mantine/core";
import { deliveryTexts } from "./delivery-texts.js";
import { momentText } from "../time/time-text.js";
import type { Delivery } from "./webhooks-api.js";
import { webhookTexts } from "./webhook-texts.js";

/**
 * An opened row of the delivery log: the receiver's last answer (its first 2 KB, as the server
 * kept it), the last error, each attempt with its time, status, duration and error, and the
 * message's webhook-id, which a receiver logs and dedupes by. On a phone each attempt is a line.
 */
export function DeliveryDetails({ delivery, phone = false }: { delivery: Delivery; phone?: boolean }) {
  const t = deliveryTexts();
  const { locale } = webhookTexts();
  const attempts = delivery.attemptLog ?? [];
  // An error column only when some attempt has one (no answer at all): a refused status says enough.
  const errors = attempts.some((attempt) => attempt.error);
  return (
    <Stack gap="xs" py={4} data-testid="delivery-details">
      <div>
        <Text size="sm" fw={600}>
          {t.response}
        </Text>
        {delivery.response ? (
          <Code
            block
            style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 240, overflow: "auto" }}
            data-testid="delivery-response"
          >
            {delivery.response}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            {t.noResponse}
          </Text>
        )}
      </div>
      {/* A refused status is in the log already ("answered 500"): the error says more only without one. */}
      {delivery.error && delivery.statusCode == null ? (
        <Text size="sm">
          {t.error}: <Code>{delivery.error}</Code>
        </Text>
      ) : null}
      {attempts.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            {t.attemptLog}
          </Text>
          {phone ? (
            attempts.map((attempt, i) => (
              <Text key={`${attempt.at}-${i}`} size="sm" data-testid="delivery-attempt">
                {`${i + 1}. `}
                {[
                  momentText(attempt.at, locale),
                  attempt.statusCode ?? "—",
                  attempt.durationMs == null ? "—" : t.ms(attempt.durationMs),
                  attempt.error,
                ]
                  .filter((part) => part != null && part !== "")
                  .join(" · ")}
              </Text>
            ))
          ) : (
            <Table.ScrollContainer minWidth={errors ? 420 : 280}>
              <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="delivery-attempts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.attemptNumber}</Table.Th>
                    <Table.Th>{t.at}</Table.Th>
                    <Table.Th>{t.statusCode}</Table.Th>
                    <Table.Th>{t.duration}</Table.Th>
                    {errors ? <Table.Th>{t.error}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {attempts.map((attempt, i) => (
                    <Table.Tr key={`${attempt.at}-${i}`}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{momentText(attempt.at, locale)}</Table.Td>
                      <Table.Td>{attempt.statusCode ?? "—"}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {attempt.durationMs == null ? "—" : t.ms(attempt.durationMs)}
                      </Table.Td>
                      {errors ? <Table.Td>{attempt.error ?? ""}</Table.Td> : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {t.messageId}: <Code>{delivery.messageId}</Code>
      </Text>
    </Stack>
  );
}

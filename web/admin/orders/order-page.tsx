import { Alert, Anchor, Button, Grid, Group, Paper, Select, Stack, Table, Text, Timeline, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { api } from "../../api/client.js";
import { addressLines } from "../../../common/postal-address.js";
import { notifyError, notifySuccess } from "../notify.js";
import { StatusBadge } from "./orders-page.js";
import { ordersTexts } from "./orders-texts.js";
import { OrderPricing } from "./order-pricing.js";
import { RefundDialog } from "./refund-dialog.js";
import { timelineSentence } from "./timeline-sentence.js";
import { money, orderDesk, useApi, type DeskOrderPage } from "./use-desk.js";
import { momentText } from "../time/time-text.js";

const STATUSES = ["paying", "approving", "packaging", "delivering", "delivered", "canceled"];
const RECEIPTED = ["approving", "packaging", "delivering", "delivered"];

/** /admin/orders/{id}: the order's details, its timeline, a change of status (the customer is mailed), resend receipt and Refund. */
export function OrderPage() {
  const { id = "" } = useParams();
  const t = ordersTexts();
  const { data: order, reload } = useApi<DeskOrderPage>(orderDesk(id), { language: t.language });
  const [status, setStatus] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!order) return <Text c="dimmed">…</Text>;
  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notifySuccess(done);
      reload();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const saveStatus = () =>
    act(() => api(`/api/ecommerce/orders/${order.id}`, { method: "PATCH", body: { status } }), t.statusSaved);
  const resend = () =>
    act(() => api(`/api/ecommerce/orders/${order.id}/resend-receipt`, { method: "POST" }), t.receiptQueued);
  const paid = order.invoice?.status === "paid";
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w={180}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/admin/orders" size="sm">
          ← {t.back}
        </Anchor>
        <Group gap="sm">
          <Title order={2} data-testid="order-title">
            {t.order(order.number)}
          </Title>
          <StatusBadge status={order.status} label={t.statuses[order.status] ?? order.status} />
        </Group>
      </div>
      {order.invoice?.flag && (
        <Alert color="orange" title={t.flag}>
          {order.invoice.flag}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {t.details}
            </Title>
            <Table data-testid="order-details">
              <Table.Tbody>
                {row(t.date, momentText(order.date, t.language))}
                {row(
                  t.customer,
                  [order.customer.email, order.customer.name].filter(Boolean).join(" — ") || "—",
                  "order-customer",
                )}
                {row(
                  t.lines,
                  <span style={{ whiteSpace: "pre-wrap" }}>
                    {order.lines.map((l) => `${l.title} × ${l.quantity}`).join("\n")}
                  </span>,
                )}
                {row(t.total, money(order.total, order), "order-total")}
                {row(t.paid, money(order.paid, order), "order-paid")}
                {row(t.refunded, money(order.refunded, order), "order-refunded")}
                {row(t.provider, order.provider ?? "—")}
                {row(
                  t.address,
                  <span style={{ whiteSpace: "pre-wrap" }}>
                    {addressLines(order.shippingAddress, t.language).join("\n") || t.noAddress}
                  </span>,
                )}
              </Table.Tbody>
            </Table>
            {order.pricing && (
              <>
                <Title order={5} mt="md" data-testid="order-pricing-title">
                  {order.currency ? `${t.charged}, ${order.currency.code}` : t.charged}
                </Title>
                <OrderPricing order={order} t={t} />
              </>
            )}
            <Group mt="md" align="end">
              <Select
                label={t.changeStatus}
                data={STATUSES.map((s) => ({ value: s, label: t.statuses[s] ?? s }))}
                value={status ?? order.status}
                onChange={setStatus}
                w={220}
                data-testid="order-status-select"
              />
              <Button
                onClick={saveStatus}
                disabled={!status || status === order.status}
                loading={busy}
                data-testid="order-status-save"
              >
                {t.save}
              </Button>
              <Button
                variant="default"
                onClick={resend}
                disabled={!RECEIPTED.includes(order.status)}
                loading={busy}
                data-testid="order-resend"
              >
                {t.resendReceipt}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => setRefunding(true)}
                disabled={!paid || !order.canRefund}
                data-testid="order-refund"
              >
                {t.refund}
              </Button>
            </Group>
            {paid && !order.canRefund && (
              <Text size="sm" c="dimmed" mt="xs">
                {t.cannotRefund}
              </Text>
            )}
            {order.invoice?.status === "refunded" && (
              <Text size="sm" c="dimmed" mt="xs">
                {t.nothingToRefund}
              </Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {t.timeline}
            </Title>
            <Timeline bulletSize={12} lineWidth={2} data-testid="order-timeline">
              {order.timeline.map((entry, i) => (
                <Timeline.Item key={i} title={timelineSentence(entry, order, t)}>
                  <Text size="xs" c="dimmed">
                    {momentText(entry.at, t.language)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Grid.Col>
      </Grid>
      {refunding && (
        <RefundDialog
          order={order}
          t={t}
          opened
          onClose={() => setRefunding(false)}
          onDone={() => (setRefunding(false), reload())}
        />
      )}
    </Stack>
  );
}

import { Anchor, Badge, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { addressLines } from "../../../common/postal-address.js";
import { ScreenTable } from "../table/screen-table.js";
import { ordersTexts } from "./orders-texts.js";
import { DESK, money, useApi, type DeskOrder } from "./use-desk.js";
import { momentText } from "../time/time-text.js";

const PAGE_SIZE = 20;
const STATUSES = ["paying", "approving", "packaging", "delivering", "delivered", "canceled"];

/** /admin/orders: the order desk's table (number, date, customer, items, total, paid, provider, status, address), filtered by status, dates and a search. */
export function OrdersPage() {
  const t = ordersTexts();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(0);
  const query = {
    search: debounced.trim() || undefined,
    status: status ?? undefined,
    from: from || undefined,
    to: to || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
    language: t.language,
  };
  const { data, loading } = useApi<{ rows: DeskOrder[]; total: number }>(DESK, query);
  const when = (iso: string) => momentText(iso, t.language);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };
  return (
    <Stack gap="md">
      <Title order={2}>{t.orders}</Title>
      <ScreenTable
        testId="orders-desk"
        search={{ label: t.search, value: search, onChange: setSearch, testId: "orders-search" }}
        filters={
          <>
            <Select
              label={t.status}
              placeholder={t.allStatuses}
              clearable
              data={STATUSES.map((s) => ({ value: s, label: t.statuses[s] ?? s }))}
              value={status}
              onChange={filter(setStatus)}
              w={200}
              data-testid="orders-status"
            />
            <TextInput
              label={t.from}
              type="date"
              value={from}
              onChange={(e) => filter(setFrom)(e.currentTarget.value)}
              data-testid="orders-from"
            />
            <TextInput
              label={t.to}
              type="date"
              value={to}
              onChange={(e) => filter(setTo)(e.currentTarget.value)}
              data-testid="orders-to"
            />
          </>
        }
        list={{ data, loading, page, onPage: setPage, pageSize: PAGE_SIZE }}
        texts={t}
        countTestId="orders-total"
        headers={[t.number, t.date, t.customer, t.lines, t.total, t.paid, t.provider, t.status, t.address]}
        minWidth={1100}
      >
        {data?.rows.map((order) => (
          <Table.Tr key={order.id} data-testid="order-row">
            <Table.Td>
              <Anchor component={Link} to={`/admin/orders/${order.id}`} ff="monospace" data-testid="order-number">
                {order.number}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{when(order.date)}</Table.Td>
            <Table.Td>
              <Text size="sm">{order.customer.email ?? "—"}</Text>
              {order.customer.name && (
                <Text size="xs" c="dimmed">
                  {order.customer.name}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: "pre-wrap" }}>
              {order.lines.map((l) => `${l.title} × ${l.quantity}`).join("\n")}
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }} data-testid="order-total">
              {money(order.total, order)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              {money(order.paid, order)}
              {order.refunded && /[1-9]/.test(order.refunded) && (
                <Text size="xs" c="orange">
                  −{money(order.refunded, order)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{order.provider ?? "—"}</Table.Td>
            <Table.Td>
              <StatusBadge status={order.status} label={t.statuses[order.status] ?? order.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: "pre-wrap" }}>
              <Text size="xs">{addressLines(order.shippingAddress, t.language).join("\n") || "—"}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScreenTable>
    </Stack>
  );
}

const COLORS: Record<string, string> = {
  paying: "yellow",
  approving: "green",
  packaging: "blue",
  delivering: "indigo",
  delivered: "teal",
  canceled: "gray",
  new: "gray",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" data-testid="order-status">
      {label}
    </Badge>
  );
}

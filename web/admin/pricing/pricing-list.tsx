import { Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { PagePager } from "../table/page-pager.js";
import { ScreenTable, type ScreenList } from "../table/screen-table.js";

/** One column of a pricing list: its header, and what a row shows in it. */
export interface PricingColumn<T> {
  header: string;
  testId: string;
  cell(row: T): ReactNode;
  /** Kept on one line (an amount, a percent). */
  nowrap?: boolean;
}

interface Props<T> {
  testId: string;
  rowTestId: string;
  search: { label: string; value: string; onChange(text: string): void; testId: string };
  list: Omit<ScreenList, "data"> & { data: { rows: T[]; total: number } | undefined };
  texts: { count(total: number): string; none: string };
  columns: PricingColumn<T>[];
  minWidth: number;
  rowKey(row: T): string;
}

/** Below the side list's breakpoint (Mantine's "sm"), where a table would show two of its columns. */
const PHONE = "(max-width: 47.99em)";

/**
 * A pricing list: the shared table card of the hand-made screens on a wide screen, and on a phone
 * the same rows as cards — the first column as the card's heading, each other one as its header
 * over its value — so nothing hides off the right edge. Every value is marked `data-cell`, in the
 * columns' order, either way.
 */
export function PricingList<T>({ testId, rowTestId, search, list, texts, columns, minWidth, rowKey }: Props<T>) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const rows = list.data?.rows ?? [];
  if (!phone)
    return (
      <ScreenTable
        testId={testId}
        search={search}
        list={list}
        texts={texts}
        headers={columns.map((c) => c.header)}
        minWidth={minWidth}
      >
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((c) => (
              <Table.Td
                key={c.testId}
                data-cell
                data-testid={c.testId}
                style={c.nowrap ? { whiteSpace: "nowrap" } : {}}
              >
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </ScreenTable>
    );
  const [first, ...rest] = columns;
  return (
    <Stack gap="sm" data-testid={testId} aria-busy={list.loading}>
      <TextInput
        label={search.label}
        value={search.value}
        onChange={(e) => {
          search.onChange(e.currentTarget.value);
          list.onPage(0);
        }}
        data-testid={search.testId}
      />
      <Text size="sm" c="dimmed">
        {list.data ? texts.count(list.data.total) : ""}
      </Text>
      <Stack gap="xs" style={{ opacity: list.loading ? 0.6 : 1 }}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder radius="md" p="sm" data-testid={rowTestId}>
            {first ? (
              <Text fw={600} mb={6} data-cell data-testid={first.testId}>
                {first.cell(row)}
              </Text>
            ) : null}
            {rest.map((c) => (
              <div key={c.testId} style={{ display: "flex", gap: 8, paddingBlock: 2 }}>
                <Text size="sm" c="dimmed" w="40%" style={{ flexShrink: 0 }}>
                  {c.header}
                </Text>
                <Text size="sm" component="div" data-cell data-testid={c.testId}>
                  {c.cell(row)}
                </Text>
              </div>
            ))}
          </Paper>
        ))}
        {list.data && rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {texts.none}
          </Text>
        ) : null}
      </Stack>
      <PagePager total={list.data?.total} pageSize={list.pageSize} page={list.page} onPage={list.onPage} />
    </Stack>
  );
}

import { Group, Paper, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { EmptyRow } from "./empty-row.js";
import { PagePager } from "./page-pager.js";

interface Props {
  testId: string;
  /** The search box and any other filters, left of the count. */
  filters: ReactNode;
  /** "12 pages": shown once the first answer is in. */
  count?: string;
  countTestId?: string;
  headers: string[];
  minWidth: number;
  loading: boolean;
  /** The page's rows (Table.Tr elements); none with `empty` set shows that text in one row. */
  children: ReactNode;
  empty?: string;
  total: number | undefined;
  pageSize: number;
  page: number;
  onPage(page: number): void;
}

/**
 * The card of a hand-made list screen (pages, products, orders): its filters with the count at
 * the right, a striped table under these headers (dimmed while a page loads), a row saying there
 * is nothing, and the shared pager.
 */
export function ScreenTable({ testId, filters, count, countTestId, headers, minWidth, loading, children, empty, total, pageSize, page, onPage }: Props) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group mb="sm" align="end" wrap="wrap">
        {filters}
        <Text size="sm" c="dimmed" ml="auto" data-testid={countTestId}>
          {count ?? ""}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="xs" style={{ opacity: loading ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {children}
            {empty !== undefined && <EmptyRow colSpan={headers.length}>{empty}</EmptyRow>}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagePager total={total} pageSize={pageSize} page={page} onPage={onPage} />
    </Paper>
  );
}

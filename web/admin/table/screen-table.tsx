import { Group, Paper, Table, Text, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { EmptyRow } from "./empty-row.js";
import { PagePager } from "./page-pager.js";

/** One page of a hand-made list as its screen holds it: the answer (once in), and which page. */
export interface ScreenList {
  data: { rows: unknown[]; total: number } | undefined;
  loading: boolean;
  page: number;
  onPage(page: number): void;
  pageSize: number;
}

interface Props {
  testId: string;
  /** The search box: its label and text; a change of text goes back to the first page. */
  search: { label: string; value: string; onChange(text: string): void; testId: string };
  /** Filters beside the search box (the order desk's status and dates). */
  filters?: ReactNode;
  list: ScreenList;
  /** "12 pages", and the row shown when there are none. */
  texts: { count(total: number): string; none: string };
  countTestId?: string;
  headers: string[];
  minWidth: number;
  /** The page's rows (Table.Tr elements). */
  children: ReactNode;
}

/**
 * The card of a hand-made list screen (pages, products, orders): the search box and filters with
 * the count at the right, a striped table under these headers (dimmed while a page loads), a row
 * saying there is nothing, and the shared pager.
 */
export function ScreenTable({ testId, search, filters, list, texts, countTestId, headers, minWidth, children }: Props) {
  const { data, loading, page, onPage, pageSize } = list;
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group mb="sm" align="end" wrap="wrap">
        <TextInput
          label={search.label}
          value={search.value}
          onChange={(e) => {
            search.onChange(e.currentTarget.value);
            onPage(0);
          }}
          w={300}
          data-testid={search.testId}
        />
        {filters}
        <Text size="sm" c="dimmed" ml="auto" data-testid={countTestId}>
          {data ? texts.count(data.total) : ""}
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
            {data && data.rows.length === 0 && <EmptyRow colSpan={headers.length}>{texts.none}</EmptyRow>}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagePager total={data?.total} pageSize={pageSize} page={page} onPage={onPage} />
    </Paper>
  );
}

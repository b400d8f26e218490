import { Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
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

/** Below this width a list's rows are cards (a table of many columns would be cut or scrolled). */
const PHONE = "(max-width: 600px)";

type Element = ReactElement<{ children?: ReactNode; "data-testid"?: string }>;
const elements = (nodes: ReactNode) => Children.toArray(nodes).filter(isValidElement) as Element[];

/**
 * A page's rows as cards on a phone: each row (a Table.Tr) a card, each of its cells a line under
 * its column's header, the cells' own content and test ids kept, so one list of rows serves both.
 */
function RowCards({ rows, headers }: { rows: ReactNode; headers: string[] }) {
  return (
    <Stack gap="xs">
      {elements(rows).map((row, r) => (
        <Paper key={row.key ?? r} withBorder radius="md" p="sm" data-testid={row.props["data-testid"]}>
          {elements(row.props.children).map((cell, i) => (
            <Group key={cell.key ?? i} gap="xs" align="flex-start" wrap="nowrap" py={2}>
              <Text size="sm" c="dimmed" w="38%" style={{ flexShrink: 0 }}>
                {headers[i]}
              </Text>
              <Text
                size="sm"
                component="div"
                miw={0}
                style={{ overflowWrap: "anywhere" }}
                data-testid={cell.props["data-testid"]}
              >
                {cell.props.children}
              </Text>
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The card of a hand-made list screen (pages, products, orders, prices): the search box and
 * filters with the count at the right, a striped table under these headers (dimmed and aria-busy
 * while a page loads) — on a phone the rows as cards — a row saying there is nothing, and the shared pager.
 */
export function ScreenTable({ testId, search, filters, list, texts, countTestId, headers, minWidth, children }: Props) {
  const { data, loading, page, onPage, pageSize } = list;
  const phone = useMediaQuery(PHONE);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} aria-busy={loading}>
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
      {phone ? (
        <div style={{ opacity: loading ? 0.6 : 1 }}>
          <RowCards rows={children} headers={headers} />
          {data && data.rows.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {texts.none}
            </Text>
          )}
        </div>
      ) : (
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
      )}
      <PagePager total={data?.total} pageSize={pageSize} page={page} onPage={onPage} />
    </Paper>
  );
}

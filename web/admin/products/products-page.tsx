import { Anchor, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { FileThumb } from "../media/file-thumb.js";
import { useApi } from "../orders/use-desk.js";
import { ScreenTable } from "../table/screen-table.js";
import { EDITOR, priceLabel, type EditorListRow } from "./product-api.js";
import { productsTexts, textIn } from "./products-texts.js";
import { PublicationBadge } from "../editorial/publication-badge.js";

const PAGE_SIZE = 20;

/** /admin/products: the shop's products (photo, title, prices, stock, state), searched and paged, with "New product". */
export function ProductsPage() {
  const t = productsTexts();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(0);
  const { data, loading } = useApi<{ rows: EditorListRow[]; total: number }>(EDITOR, {
    search: debounced.trim() || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t.products}</Title>
        <Button component={Link} to="/admin/products/new" data-testid="product-new">
          {t.newProduct}
        </Button>
      </Group>
      <ScreenTable
        testId="products-table"
        search={{ label: t.search, value: search, onChange: setSearch, testId: "products-search" }}
        list={{ data, loading, page, onPage: setPage, pageSize: PAGE_SIZE }}
        texts={t}
        headers={[t.photo, t.title, t.prices, t.stock, t.state]}
        minWidth={720}
      >
        {data?.rows.map((row) => (
          <Table.Tr key={row.id} data-testid="product-row">
            <Table.Td w={64}>
              {row.photo ? <FileThumb file={row.photo} size={48} language={t.language} /> : null}
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/admin/products/${row.id}`} data-testid="product-title">
                {textIn(row.title, t.language) || row.adminTitle}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "pre-line" }} data-testid="product-prices">
              {row.prices.length ? (
                row.prices.map((p) => priceLabel(p.amount, p.code, p.symbol)).join("\n")
              ) : (
                <Text c="dimmed" size="sm">
                  {t.noPrice}
                </Text>
              )}
            </Table.Td>
            <Table.Td data-testid="product-stock">
              {row.stock ?? (
                <Text c="dimmed" size="sm" span>
                  {t.notTracked}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <PublicationBadge publication={row.publication} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ScreenTable>
    </Stack>
  );
}

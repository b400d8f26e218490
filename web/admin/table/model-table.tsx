import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { searchFilter } from "../../../engine/admin/search-filter.js";
import { tableColumns } from "../../../engine/admin/table-columns.js";
import { api } from "../../api/client.js";
import { routeOf, type Condition, type Filter } from "../data/list-query.js";
import { recordLabel } from "../data/record-label.js";
import { usePage } from "../data/use-page.js";
import { useReferenceLabels } from "../data/use-reference-labels.js";
import { FormDialog } from "../form/form-dialog.js";
import { EmptyRow } from "./empty-row.js";
import { PublicationBadge } from "../editorial/publication-badge.js";
import { editorialTexts } from "../editorial/editorial-texts.js";
import { notifyError } from "../notify.js";
import { RelationTableContext } from "../relations/relation-table-context.js";
import { CellValue } from "./cell-value.js";
import { DeleteDialog } from "./delete-dialog.js";
import { FilterBar } from "./filter-bar.js";
import { RowActions } from "./row-actions.js";
import { TablePager, useCursorPages } from "./table-pager.js";
import { TransferButtons } from "./transfer-buttons.js";
import { useFormAddress } from "./use-form-address.js";
import type { PaginationState, SortingState } from "@tanstack/react-table";
import { useModelTable, type AdminColumnDef, type Row } from "./use-model-table.js";
import { wordsTexts } from "../words-texts.js";

/** Rows of a relation that belong to one parent record (a sub-table in the parent's form). */
export interface Scope {
  field: string;
  value: string;
}

interface Props {
  model: AdminModel;
  scope?: Scope;
  /** Smaller paging and no activity entries' headings: the sub-table look. */
  compact?: boolean;
}

/** A model's generated table: server paging, sorting, search and filters; Add new, edit, delete, reorder. */
export function ModelTable({ model, scope, compact }: Props) {
  const words = wordsTexts();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  // `?id=` in the address (a mail's link to one record, such as the owner's paid order) starts filtered to it.
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<Condition[]>(() => {
    const id = scope ? null : searchParams.get("id");
    return id ? [{ column: "id", method: "eq", value: id }] : [];
  });
  // The open form is in the address for a model's own table (?edit={id}): deep links and the back button.
  const form = useFormAddress(!scope);
  const editing = form.editing;
  const [deleting, setDeleting] = useState<Row | null>(null);
  // Any of the record's titles, every language (engine/admin/search-filter.ts): one or-group in the list query.
  const searchBy = searchFilter(model, "x");
  const searching = searchFilter(model, debounced);
  const initialSort: SortingState = model.ordered
    ? [{ id: "orderIndex", desc: false }]
    : [{ id: "createdAt", desc: true }];

  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: compact ? 10 : 20 });
  const allFilters: Filter[] = [
    ...(scope ? [{ column: scope.field, method: "eq", value: scope.value }] : []),
    ...(searching ? [searching] : []),
    ...filters,
  ];
  const sort = sorting[0] ? { column: sorting[0].id, desc: sorting[0].desc } : undefined;
  const cursorPages = useCursorPages({ filters: allFilters, sort, limit: pagination.pageSize }, pagination);
  const page = usePage(model, cursorPages.request);
  cursorPages.remember(page.loaded, page.next);

  const columns = useMemo(
    () => tableColumns(model).filter((c) => c.field.name !== scope?.field),
    [model, scope?.field],
  );
  const labels = useReferenceLabels(model, page.rows);

  const columnDefs = useMemo<AdminColumnDef[]>(
    () => [
      ...columns.map(
        (c): AdminColumnDef => ({
          id: c.column,
          header: c.field.label,
          enableSorting: true,
          accessorFn: (row: Row) => row[c.field.name],
          cell: (info) => {
            const row = info.row.original;
            const value = row[c.field.name];
            // A row whose naming field is empty (made before admin titles were generated: an old
            // price) shows what the labeller calls it ("$32.00 · USD"), dimmed, rather than "—".
            if (
              c.field.name === model.labelField &&
              (value === null || value === undefined || value === "") &&
              labels.get(row.id)
            ) {
              return (
                <Text size="sm" c="dimmed" data-testid="row-label">
                  {labels.get(row.id)!.label}
                </Text>
              );
            }
            // A record its module names by what its fields do not hold (a person's account by its
            // email): that name first, the field's value beneath.
            const own = labels.get(row.id);
            const named = c.field.name === model.labelField && own?.beyondFields ? own.label : undefined;
            if (named && typeof value === "string" && named !== value)
              return (
                <Stack gap={0}>
                  <Text size="sm" data-testid="row-label">
                    {named}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {value}
                  </Text>
                </Stack>
              );
            return <CellValue field={c.field} value={value} referenceLabel={labels.get(value)} />;
          },
        }),
      ),
      // x-drafts: each row's publication state (the working copies are what the table lists).
      ...(model.drafts
        ? [
            {
              id: "publication",
              header: editorialTexts().state,
              enableSorting: false,
              cell: (info) => <PublicationBadge publication={info.row.original.publication} />,
            } satisfies AdminColumnDef,
          ]
        : []),
      {
        id: "actions",
        header: "",
        enableSorting: false,
        cell: (info) => (
          <RowActions
            model={model}
            row={info.row.original}
            index={info.row.index}
            rows={page.rows}
            onEdit={() => form.open(info.row.original)}
            onDelete={() => setDeleting(info.row.original)}
            onReordered={() => page.reload()}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, labels, page.rows, model],
  );

  const table = useModelTable(columnDefs, page.rows, page.total, { sorting, setSorting, pagination, setPagination });

  const toFirstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));
  const remove = async (row: Row) => {
    try {
      await api(`${routeOf(model.id)}/${row.id}`, { method: "DELETE" });
      setDeleting(null);
      page.reload();
    } catch (error) {
      notifyError(error);
    }
  };
  const pages = Math.max(1, Math.ceil(page.total / pagination.pageSize));

  return (
    <Paper withBorder radius="md" p={compact ? "sm" : "md"} data-testid={`table-${model.id}`}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          {searchBy && (
            <TextInput
              placeholder={words.search}
              aria-label={words.search}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                toFirstPage();
              }}
              w={compact ? 180 : 240}
            />
          )}
          <FilterBar
            model={model}
            filters={filters}
            onChange={(next) => {
              setFilters(next);
              toFirstPage();
            }}
          />
        </Group>
        <Group gap="xs">
          {!compact && <TransferButtons model={model} filters={allFilters} onImported={() => page.reload()} />}
          <Button onClick={() => form.open("new")}>{words.addNew}</Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="xs" style={{ opacity: page.loading ? 0.6 : 1 }}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th key={header.id}>
                      {header.column.getCanSort() ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={600} fz="sm">
                          <table.FlexRender header={header} /> {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
                        </UnstyledButton>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id} data-testid="table-row">
                {row.getAllCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {!page.loading && page.rows.length === 0 && (
              <EmptyRow colSpan={columnDefs.length}>{words.noRecords}</EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-total">
            {words.records(page.total, Boolean(page.estimated))}
          </Text>
          {page.estimated && (
            <Button variant="subtle" size="compact-xs" loading={page.counting} onClick={() => void page.countExactly()}>
              Count exactly
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Select
            aria-label={words.rowsPerPage}
            w={90}
            size="xs"
            data={["10", "20", "50", "100"]}
            value={String(pagination.pageSize)}
            onChange={(v) => setPagination({ pageIndex: 0, pageSize: Number(v ?? 20) })}
          />
          <TablePager
            pagination={pagination}
            setPagination={setPagination}
            pages={pages}
            hasNext={Boolean(page.next) && page.loaded === JSON.stringify(cursorPages.request)}
          />
        </Group>
      </Group>
      {editing && (
        // The dialog's relation sub-tables are model tables again; handed down, not imported (see the context).
        <RelationTableContext.Provider value={ModelTable}>
          <FormDialog
            model={model}
            record={editing === "new" ? undefined : editing}
            fixed={scope ? { [scope.field]: scope.value } : undefined}
            onClose={form.close}
            onSaved={(row) => {
              page.reload();
              // A new record with relations stays open as its update form: the address names it.
              if (editing === "new" && row?.id && model.embeds.length > 0) form.created(row);
            }}
          />
        </RelationTableContext.Provider>
      )}
      {deleting && (
        <DeleteDialog
          label={labels.get(deleting.id)?.label ?? recordLabel(model, deleting)}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        />
      )}
    </Paper>
  );
}

import {
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
} from "@tanstack/react-table";

export const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type Row = Record<string, any>;
export type AdminColumnDef = ColumnDef<typeof features, Row>;

export interface TableState {
  sorting: SortingState;
  setSorting: OnChangeFn<SortingState>;
  pagination: PaginationState;
  setPagination: OnChangeFn<PaginationState>;
}

/**
 * TanStack Table in manual mode: the caller owns sorting and paging (they go to the server); the
 * table only lays out the page it is given.
 */
export function useModelTable(columns: AdminColumnDef[], rows: Row[], total: number, state: TableState) {
  return useTable({
    features,
    columns,
    data: rows,
    state: { sorting: state.sorting, pagination: state.pagination },
    onSortingChange: state.setSorting,
    onPaginationChange: state.setPagination,
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    getRowId: (row: Row) => String(row.id),
  });
}

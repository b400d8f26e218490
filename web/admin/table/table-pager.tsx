import { Button, Group, Pagination, Text } from "@mantine/core";
import { useRef } from "react";
import type { PaginationState } from "@tanstack/react-table";
import type { PageRequest } from "../data/list-query.js";

/** Pages reached by number (offset); past them, Next and Previous go by the `after` cursor. */
export const FIRST_PAGES = 5;

/**
 * The request for the page at `pagination`: by offset on the first pages, by the `after` cursor
 * beyond (the `next` of the page before, remembered as pages load), so page 5,000 of a large table
 * is as quick as page 1. Cursors are kept per list (filters, sort, page size); a deep page with no
 * cursor known (the list changed under it) falls back to its offset.
 */
export function useCursorPages(list: Omit<PageRequest, "offset" | "after">, pagination: PaginationState) {
  const key = JSON.stringify(list);
  const cursors = useRef({ key, after: new Map<number, string>() });
  if (cursors.current.key !== key) cursors.current = { key, after: new Map() };
  const { pageIndex, pageSize } = pagination;
  const after = pageIndex >= FIRST_PAGES ? cursors.current.after.get(pageIndex) : undefined;
  const request: PageRequest = { ...list, offset: pageIndex * pageSize, ...(after ? { after } : {}) };
  /** Called with the page as loaded: keeps its `next` for the page after it. */
  const remember = (loaded: string | undefined, next: string | undefined) => {
    if (next && loaded === JSON.stringify(request)) cursors.current.after.set(pageIndex + 1, next);
  };
  return { request, remember };
}

interface Props {
  pagination: PaginationState;
  setPagination: (update: (state: PaginationState) => PaginationState) => void;
  /** Pages by the total (an estimate on a large table). */
  pages: number;
  /** Whether the page on screen is full and has a `next` cursor. */
  hasNext: boolean;
}

/** Page numbers up to FIRST_PAGES; beyond them, Previous, the page number and Next. */
export function TablePager({ pagination, setPagination, pages, hasNext }: Props) {
  const go = (pageIndex: number) => setPagination((s) => ({ ...s, pageIndex }));
  const { pageIndex } = pagination;
  if (pages <= FIRST_PAGES)
    return <Pagination size="sm" total={pages} value={pageIndex + 1} onChange={(p) => go(p - 1)} />;
  const deep = pageIndex >= FIRST_PAGES;
  return (
    <Group gap="xs" data-testid="table-pager">
      <Pagination
        size="sm"
        total={FIRST_PAGES}
        value={deep ? 0 : pageIndex + 1}
        withControls={false}
        onChange={(p) => go(p - 1)}
      />
      <Button variant="default" size="compact-sm" disabled={pageIndex === 0} onClick={() => go(pageIndex - 1)}>
        Previous
      </Button>
      {deep && (
        <Text size="sm" data-testid="table-page">
          Page {(pageIndex + 1).toLocaleString("en")}
        </Text>
      )}
      <Button variant="default" size="compact-sm" disabled={!hasNext} onClick={() => go(pageIndex + 1)}>
        Next
      </Button>
    </Group>
  );
}

import { Group, Pagination } from "@mantine/core";

/**
 * The page numbers under a hand-made admin table (orders, products, a form's submissions): shown
 * only when the rows fill more than one page; `page` counts from 0.
 */
export function PagePager({ total, pageSize, page, onPage }: { total: number | undefined; pageSize: number; page: number; onPage(page: number): void }) {
  if (total === undefined || total <= pageSize) return null;
  return (
    <Group justify="flex-end" mt="sm">
      <Pagination size="sm" total={Math.ceil(total / pageSize)} value={page + 1} onChange={(p) => onPage(p - 1)} />
    </Group>
  );
}

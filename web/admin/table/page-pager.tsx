import { adminLanguage } from "../admin-language.js";
import { Group, Pagination } from "@mantine/core";

/** The pager's accessible names (its arrows have no text), in the admin's language. */
function pagerLabels(language = adminLanguage()) {
  const ru = language.toLowerCase().startsWith("ru");
  return {
    page: (n: number) => (ru ? `Страница ${n}` : `Page ${n}`),
    control: {
      first: ru ? "Первая страница" : "First page",
      previous: ru ? "Предыдущая страница" : "Previous page",
      next: ru ? "Следующая страница" : "Next page",
      last: ru ? "Последняя страница" : "Last page",
    },
  };
}

/**
 * The page numbers under a hand-made admin table (orders, products, a form's submissions): shown
 * only when the rows fill more than one page; `page` counts from 0.
 */
export function PagePager({
  total,
  pageSize,
  page,
  onPage,
}: {
  total: number | undefined;
  pageSize: number;
  page: number;
  onPage(page: number): void;
}) {
  if (total === undefined || total <= pageSize) return null;
  const labels = pagerLabels();
  return (
    <Group justify="flex-end" mt="sm">
      <Pagination
        size="sm"
        total={Math.ceil(total / pageSize)}
        value={page + 1}
        onChange={(p) => onPage(p - 1)}
        getItemProps={(n) => ({ "aria-label": labels.page(n) })}
        getControlProps={(control) => ({ "aria-label": labels.control[control] })}
      />
    </Group>
  );
}

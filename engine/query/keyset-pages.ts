import type { Filter, Order } from "./list-query.js";
import type { Repository } from "./repository.js";
import type { Row } from "./prepare-write.js";

export const KEYSET_PAGE_SIZE = 1000;

/**
 * Every record matching `filters`, a page at a time in id order: each page starts after the last
 * id of the one before (`id > last`, read along the primary key), so a million rows cost a page's
 * memory and no page re-reads the rows before it, as an offset would.
 */
export async function* keysetPages(
  repository: Repository<any>,
  filters: Filter[],
  pageSize = KEYSET_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  const id = repository.model.fieldMap.get("id")!;
  const orderBy: Order[] = [{ field: id, kind: id.kind, direction: "asc" }];
  let after: string | undefined;
  for (;;) {
    const page: Row[] = await repository.list({
      filters: after === undefined ? filters : [...filters, { field: id, kind: id.kind, method: "gt", value: after }],
      orderBy,
      limit: pageSize,
      offset: 0,
    });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.id as string;
  }
}

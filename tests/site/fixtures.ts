import { runTransaction, type RepositoryLookup } from "../../engine/query/transaction.js";
import { buildWidgetPage, type BuiltPage } from "../../server/seed/widget-page.js";
import type { TestApp } from "../helpers/test-app.js";

export { WIDGET_KINDS } from "../../server/seed/widget-page.js";

type Row = Record<string, any>;

/** Rows for site tests, written through the repositories in one transaction (as the seed does). */
export async function write<T>(
  t: TestApp,
  work: (create: (model: string, data: Row) => Promise<Row>, repo: RepositoryLookup) => Promise<T>,
): Promise<T> {
  return runTransaction(t.database, t.app.repositories, (repo) =>
    work((model, data) => repo(model).create(data, { trusted: true }), repo),
  );
}

/** A hosted page at `url` with a layout (navbar) and `widgets` widgets of every kind (server/seed/widget-page.ts). */
export function buildPage(t: TestApp, url: string, widgets: number, title = "Test page"): Promise<BuiltPage> {
  return runTransaction(t.database, t.app.repositories, (repo) => buildWidgetPage(repo, url, widgets, title));
}

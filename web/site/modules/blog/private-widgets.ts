import { api } from "../../../api/client.js";
import type { PageData, Row } from "../../../../common/site/page-data.js";

export const PRIVATE_RELATION = "blog/articles-to-website-builder-module-widgets";
const IS_AUTHORIZED = "/api/rbac/subjects/authentication/is-authorized";

const filter = (column: string, method: string, value: unknown) => JSON.stringify([{ column, method, value }]);

/**
 * An article's private widgets for this visitor, read in the browser (never embedded in the
 * cached page): undefined when the server says the visitor may not read the link, else the page
 * data extended with the links and the website-builder widgets they name.
 */
export async function loadPrivateWidgets(
  data: PageData,
  articleId: string,
  signal?: AbortSignal,
): Promise<PageData | undefined> {
  const allowed = await api<boolean>(IS_AUTHORIZED, {
    query: { route: `/api/${PRIVATE_RELATION}`, method: "GET" },
    signal,
  });
  if (allowed !== true) return undefined;
  const links = await api<Row[]>(`/api/${PRIVATE_RELATION}`, {
    query: { "filters[and]": filter("articleId", "eq", articleId), limit: 1000 },
    signal,
  });
  const ids = [...new Set(links.map((link) => String(link.websiteBuilderModuleWidgetId)))];
  const widgets = ids.length
    ? await api<Row[]>("/api/website-builder/widgets", {
        query: { "filters[and]": filter("id", "inArray", ids), limit: 1000 },
        signal,
      })
    : [];
  const byId = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.id, row]));
  return {
    ...data,
    records: {
      ...data.records,
      [PRIVATE_RELATION]: byId(links),
      "website-builder/widgets": { ...data.records["website-builder/widgets"], ...byId(widgets) },
    },
    relations: {
      ...data.relations,
      [PRIVATE_RELATION]: {
        parent: { key: "articleId", model: "blog/articles" },
        child: { key: "websiteBuilderModuleWidgetId", model: "website-builder/widgets" },
      },
    },
  };
}

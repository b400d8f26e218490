import type { Language, PageData, Row } from "../../../common/site/page-data.js";

export interface Related {
  /** The relation row (its variant, className and orderIndex matter to the render). */
  relation: Row;
  record: Row;
}

// ISO timestamps order as plain strings; localeCompare (far slower) is not needed for them.
const byOrder = (a: Related, b: Related) => {
  const order = Number(a.relation.orderIndex ?? 0) - Number(b.relation.orderIndex ?? 0);
  if (order) return order;
  const x = String(a.relation.createdAt ?? "");
  const y = String(b.relation.createdAt ?? "");
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Read access to a page's loaded rows, the same on the server and in the browser. */
export class SiteData {
  private readonly childIndex = new Map<string, Map<string, Row[]>>();

  constructor(readonly data: PageData) {}

  get language(): Language {
    return this.data.language;
  }

  /** A preview the composer may edit (marks on its blocks and texts), not a visitor's page. */
  get editing(): boolean {
    return this.data.editing === true;
  }

  get page(): Row | undefined {
    return this.get("host/pages", this.data.pageId);
  }

  get(model: string, id: unknown): Row | undefined {
    return typeof id === "string" ? this.data.records[model]?.[id] : undefined;
  }

  all(model: string): Row[] {
    return Object.values(this.data.records[model] ?? {});
  }

  /** A whole-model list loaded for list variants, in the loader's order. */
  list(model: string): Row[] {
    return (this.data.lists[model] ?? []).map((id) => this.get(model, id)).filter((row): row is Row => !!row);
  }

  /** The children of `parentId` through a relation model, ordered by orderIndex. */
  related(relationModel: string, parentId: string): Related[] {
    const keys = this.data.relations[relationModel];
    if (!keys) return [];
    const rows = this.relationRows(relationModel, keys.parent.key).get(parentId) ?? [];
    return rows
      .map((relation) => ({ relation, record: this.get(keys.child.model, relation[keys.child.key]) }))
      .filter((item): item is Related => !!item.record)
      .sort(byOrder);
  }

  /** The parents of `childId` through a relation model (an article's categories), ordered. */
  relatedParents(relationModel: string, childId: string): Related[] {
    const keys = this.data.relations[relationModel];
    if (!keys) return [];
    const rows = this.relationRows(relationModel, keys.child.key).get(childId) ?? [];
    return rows
      .map((relation) => ({ relation, record: this.get(keys.parent.model, relation[keys.parent.key]) }))
      .filter((item): item is Related => !!item.record)
      .sort(byOrder);
  }

  /** The record a URL segment names: "blog.articles.slug" → the blog/articles row with that slug. */
  bySegment(segment: string): Row | undefined {
    const value = this.data.segments[segment];
    const [module, entity, field] = segment.split(".");
    if (value === undefined || !module || !entity || !field) return undefined;
    return this.all(`${module}/${entity}`).find((row) => row[field] === value);
  }

  /** The rows of `model` whose `field` is `value`, in the loader's order (an index built once per field). */
  rowsWhere(model: string, field: string, value: string): Row[] {
    return this.relationRows(model, field).get(value) ?? [];
  }

  private relationRows(relationModel: string, key: string): Map<string, Row[]> {
    const cacheKey = `${relationModel}#${key}`;
    let index = this.childIndex.get(cacheKey);
    if (!index) {
      index = new Map();
      for (const row of this.all(relationModel)) {
        const id = String(row[key]);
        const rows = index.get(id);
        if (rows) rows.push(row);
        else index.set(id, [row]);
      }
      this.childIndex.set(cacheKey, index);
    }
    return index;
  }
}

const views = new WeakMap<PageData, SiteData>();

/**
 * The one SiteData of a page's data: the server's render and its head read the same rows, and
 * share the indexes SiteData builds as it is read (each built once per page, not once per reader).
 */
export function siteDataOf(data: PageData): SiteData {
  let site = views.get(data);
  if (!site) views.set(data, (site = new SiteData(data)));
  return site;
}

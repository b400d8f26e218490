import type { Condition } from "../../../engine/query/list-query.js";
import type { Row } from "../../../engine/query/prepare-write.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { NamedSegment, UrlTemplate } from "./url-templates.js";

/** Most addresses one template page expands to (a product of its named segments' values). */
export const ADDRESSES_PER_TEMPLATE = 10_000;
const BATCH = 1000;

/** The values a named segment takes (one per record, in the field's order), or none. */
export type SegmentValues = (segment: NamedSegment) => Promise<string[]>;

/**
 * The concrete addresses of a url template, as the original client's `urls` reads them: each
 * named segment filled with every value its records give ("/blog/articles/[blog.articles.slug]"
 * → "/blog/articles/hello", one per article), at most ADDRESSES_PER_TEMPLATE.
 */
export async function templateAddresses(template: UrlTemplate, valuesOf: SegmentValues): Promise<string[]> {
  const choices: string[][] = [];
  for (const part of template.parts) {
    if ("literal" in part) choices.push([part.literal]);
    else choices.push(await valuesOf(part));
  }
  let paths: string[][] = [[]];
  for (const options of choices) {
    const next: string[][] = [];
    for (const path of paths) {
      for (const option of options) {
        if (next.length >= ADDRESSES_PER_TEMPLATE) break;
        next.push([...path, option]);
      }
    }
    paths = next;
  }
  return paths.map((segments) => `/${segments.join("/")}`);
}

/**
 * Every value of a segment's field among its model's records, read through the repository in
 * batches, in the field's order. A value that is empty or holds "/" cannot fill one segment and
 * is left out. `mayList` decides which models a public list may reveal (never accounts), and
 * `hiddenOf` which of their records are members-only.
 */
export function segmentValuesFrom(
  repositories: Map<string, Repository>,
  mayList: (segment: NamedSegment) => Promise<boolean>,
  hiddenOf: (model: string) => Promise<ReadonlySet<string>>,
): SegmentValues {
  const known = new Map<string, Promise<string[]>>();
  const read = async (segment: NamedSegment): Promise<string[]> => {
    const repository = repositories.get(segment.model);
    const field = repository?.model.fieldMap.get(segment.field);
    if (!repository || !field || field.hidden || !(await mayList(segment))) return [];
    const values: string[] = [];
    const filters: Condition[] = [{ field, kind: field.kind, method: "isNotNull" }];
    // Members-only records give no address.
    const hidden = await hiddenOf(segment.model);
    const id = repository.model.fieldMap.get("id");
    if (hidden.size && id) filters.push({ field: id, kind: id.kind, method: "notInArray", value: [...hidden] });
    for (let offset = 0; values.length < ADDRESSES_PER_TEMPLATE; offset += BATCH) {
      const rows: Row[] = await repository.list({
        filters,
        orderBy: [{ field, kind: field.kind, direction: "asc" }],
        limit: BATCH,
        offset,
      });
      for (const row of rows) {
        const value = String(row[field.name]);
        if (value !== "" && !value.includes("/")) values.push(value);
      }
      if (rows.length < BATCH) break;
    }
    return values.slice(0, ADDRESSES_PER_TEMPLATE);
  };
  // One read per segment per call, however many templates name it.
  return (segment) => {
    let values = known.get(segment.name);
    if (!values) known.set(segment.name, (values = read(segment)));
    return values;
  };
}

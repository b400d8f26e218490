import type { Row } from "../../common/site/page-data.js";

/**
 * The rows a page loaded, by model then id, in the form they are embedded in the HTML: dates
 * become ISO strings here, so the server render and the browser's hydration read the same values.
 */
export class PageRecords {
  readonly records: Record<string, Record<string, Row>> = {};

  has(model: string, id: string): boolean {
    return !!this.records[model]?.[id];
  }

  /** Adds rows; returns the ones not seen before (the loader walks only those further). */
  add(model: string, rows: Record<string, unknown>[]): Row[] {
    const byId = (this.records[model] ??= {});
    const added: Row[] = [];
    for (const raw of rows) {
      const id = raw.id as string;
      if (byId[id]) continue;
      const row = plain(raw);
      byId[id] = row;
      added.push(row);
    }
    return added;
  }
}

function plain(raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const key in raw) {
    const value = raw[key];
    row[key] = value instanceof Date ? value.toISOString() : value;
  }
  return row as Row;
}

import type { ImportRow } from "../../../engine/query/repository.js";
import type { Field, Model } from "../../../engine/schema/model.js";

// The order an import writes its rows in. A file holds one model, so a row can only need another
// row of the same file through a reference to the model itself (a category's parent). Foreign
// keys are checked as each row is written, so such a row goes after the row it names; where rows
// name each other in a circle, a reference that may be empty is written empty first and set once
// every row is in (ImportRow.then), all in the one transaction. A circle of required references
// cannot be written at all: its rows are refused, saying so.

export interface OrderedRows {
  rows: ImportRow[];
  rejected: { row: number; reasons: string[] }[];
}

interface Edge {
  field: Field;
  target: number;
}

/** The model's fields that point at the model itself. */
export const selfReferences = (model: Model) => model.fields.filter((field) => field.references?.model === model.id);

export function orderImportRows(model: Model, rows: ImportRow[]): OrderedRows {
  const fields = selfReferences(model);
  if (fields.length === 0) return { rows, rejected: [] };
  // Rows the file creates, by id: a row naming an existing record needs no order.
  const created = new Map<string, number>();
  rows.forEach(({ update, data }, index) => {
    if (!update && typeof data.id === "string") created.set(data.id, index);
  });
  const edges: Edge[][] = rows.map(({ data }, index) =>
    fields.flatMap((field) => {
      const target = typeof data[field.name] === "string" ? created.get(data[field.name] as string) : undefined;
      // A row naming itself is one INSERT: its key is checked once the row is there.
      return target === undefined || target === index ? [] : [{ field, target }];
    }),
  );

  const first = placeInOrder(
    rows.map((_, i) => i),
    edges,
  );
  if (first.left.length === 0) return { rows: first.placed.map((i) => rows[i]!), rejected: [] };

  // What is left goes round in circles (or waits on a row that does): its references to other
  // rows left that may be empty are written empty, then set after every row.
  const left = new Set(first.left);
  const deferred = new Map<number, Edge[]>();
  const required = edges.map((list, index) =>
    list.filter((edge) => {
      if (!left.has(index) || !left.has(edge.target) || edge.field.required) return true;
      deferred.set(index, [...(deferred.get(index) ?? []), edge]);
      return false;
    }),
  );
  const second = placeInOrder(first.left, required);
  const refused = new Set(second.left);
  const ordered = [...first.placed, ...second.placed].map((index) => {
    const later = deferred.get(index)?.filter((edge) => !refused.has(edge.target));
    if (!later?.length) return rows[index]!;
    const { row, update, data } = rows[index]!;
    const now = { ...data };
    const then: Record<string, unknown> = {};
    for (const { field } of later) {
      then[field.name] = data[field.name];
      now[field.name] = null;
    }
    if (data.updatedAt !== undefined) then.updatedAt = data.updatedAt;
    return { row, ...(update ? { update } : {}), data: now, then };
  });
  const rejected = second.left
    .map((index) => {
      const edge = required[index]!.find((e) => refused.has(e.target))!;
      return {
        row: rows[index]!.row,
        reasons: [
          `/${edge.field.name} names row ${rows[edge.target]!.row} of this file, and the rows' required references go round in a circle: none of them can be written first`,
        ],
      };
    })
    .sort((a, b) => a.row - b.row);
  return { rows: ordered, rejected };
}

/**
 * Kahn's order: each row once every row it names is placed, in the file's order otherwise; the
 * rows that never become ready (a circle, or waiting on one) are `left`.
 */
function placeInOrder(indexes: number[], edges: Edge[][]): { placed: number[]; left: number[] } {
  const within = new Set(indexes);
  const waiting = new Map<number, number>();
  const dependents = new Map<number, number[]>();
  for (const index of indexes) {
    const targets = new Set(edges[index]!.map((e) => e.target).filter((t) => within.has(t)));
    waiting.set(index, targets.size);
    for (const target of targets) dependents.set(target, [...(dependents.get(target) ?? []), index]);
  }
  const placed: number[] = [];
  const ready = indexes.filter((index) => waiting.get(index) === 0);
  for (let i = 0; i < ready.length; i++) {
    const index = ready[i]!;
    placed.push(index);
    for (const dependent of dependents.get(index) ?? []) {
      const count = waiting.get(dependent)! - 1;
      waiting.set(dependent, count);
      if (count === 0) ready.push(dependent);
    }
  }
  const done = new Set(placed);
  return { placed, left: indexes.filter((index) => !done.has(index)) };
}

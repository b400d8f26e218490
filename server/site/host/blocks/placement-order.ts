/** A placement row of a page or layout: its order index, when it was made, its id. */
export interface Placement {
  id: string;
  orderIndex: number | string;
  createdAt: Date | string;
}

const time = (value: Date | string) => new Date(value).getTime();

/**
 * The order blocks stand in: by order index, then (rows of equal index, written by an import or by
 * hand) by when they were made, then by id, so the blocks API and the composer's reorder agree.
 * Times are compared as times: the text of a Date starts with its weekday, which put a Monday's
 * row before the previous Sunday's.
 */
export const byPlacement = (a: Placement, b: Placement): number =>
  Number(a.orderIndex) - Number(b.orderIndex) || time(a.createdAt) - time(b.createdAt) || a.id.localeCompare(b.id);

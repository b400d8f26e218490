import type { VariantProps } from "../../../variant-types.js";
import { asOrder } from "./order-parts.js";
import { TotalsList } from "./totals-list.js";

/** Order variant 'total': the order's total in each currency its lines have a price in. */
export function OrderTotal({ record }: VariantProps) {
  return <TotalsList totals={asOrder(record).total} size="md" />;
}

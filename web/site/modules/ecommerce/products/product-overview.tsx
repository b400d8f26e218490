import type { VariantProps } from "../../../variant-types.js";
import { ProductView } from "./product-view.js";

/** Product variant 'overview-default': the product page body. */
export function ProductOverview({ record }: VariantProps) {
  return <ProductView product={record} />;
}

import { currentRecord } from "../../../render/current-record.js";
import { NotFoundNote } from "../../../render/not-found-note.js";
import { Section } from "../../../render/section.js";
import { useSite } from "../../../render/use-site.js";
import type { VariantProps } from "../../../variant-types.js";
import { ProductView } from "../products/product-view.js";

/** The product the URL names (ecommerce.products.slug): pictures, price, features, description. */
export function ProductOverviewDefault({ record }: VariantProps) {
  const site = useSite();
  const product = currentRecord(site, "ecommerce.products.slug", "ecommerce/widgets-to-products", record.id);
  return <Section record={record}>{product ? <ProductView product={product} /> : <NotFoundNote />}</Section>;
}

import { useSite } from "../../../render/use-site.js";
import type { VariantProps } from "../../../variant-types.js";
import { EntityCard } from "./entity-card.js";
import { categoryHref } from "../helpers/links.js";

/** A shop category card linking to /ecommerce/categories/{slug}. */
export function EcommerceCategoryCard({ record }: VariantProps) {
  const { language } = useSite();
  return <EntityCard record={record} href={categoryHref(record, language)} marker="data-ecommerce-category-card" />;
}

import { useSite } from "../../../render/use-site.js";
import type { VariantProps } from "../../../variant-types.js";
import { EntityCard } from "./entity-card.js";
import { storeHref } from "../helpers/links.js";

/** A store card linking to /ecommerce/stores/{slug}. */
export function StoreCard({ record }: VariantProps) {
  const { language } = useSite();
  return <EntityCard record={record} href={storeHref(record, language)} marker="data-store-card" />;
}

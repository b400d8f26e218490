import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { currencyRows } from "../billing/index.js";

/**
 * What the admin's labeller (server/modules/admin/record-labels.ts) asks the shop of its records
 * beyond their titles: which rows are price attributes (labelled by amount and currency) and
 * which are orders (labelled by the order desk), and each price attribute's currency.
 */
export const shopLabelled = {
  priceAttributes: (modelId: string) => modelId === "ecommerce/attributes",
  orders: (modelId: string) => modelId === "ecommerce/orders",
};

/** Each attribute's currency (its link to one of billing's), one query for all of them. */
export async function attributeCurrencies(db: ModelQueries, attributeIds: readonly string[]) {
  if (attributeIds.length === 0) return [];
  return db
    .selectFrom("ecommerce/attributes-to-billing-module-currencies as ac")
    .innerJoin(currencyRows(db).as("c"), "c.id", "ac.billingModuleCurrencyId")
    .select(["ac.attributeId", "c.slug", "c.symbol", "c.decimals"])
    .where("ac.attributeId", "in", attributeIds)
    .execute();
}

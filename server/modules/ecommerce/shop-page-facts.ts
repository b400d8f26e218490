import type { Row, ShopFacts } from "../../../common/site/page-data.js";
import type { Repository } from "../../../engine/query/repository.js";

const TAX_RATES = "ecommerce/tax-rates";
const DISCOUNT_CODES = "ecommerce/discount-codes";
const SHIPPING_RATES = "ecommerce/shipping-rates";

/** Whether the model has a row (with `field` equal to `value`, when given): one row read at most. */
async function anyRow(repository: Repository | undefined, field?: string, value?: unknown): Promise<boolean> {
  if (!repository) return false;
  const f = field ? repository.model.fieldMap.get(field) : undefined;
  const rows = await repository.list({
    filters: f ? [{ field: f, kind: f.kind, method: "eq", value }] : [],
    orderBy: [],
    limit: 1,
    offset: 0,
  });
  return rows.length > 0;
}

const showsShop = (records: Record<string, Record<string, Row>>) =>
  Object.entries(records).some(([model, rows]) => model.startsWith("ecommerce/") && Object.keys(rows).length > 0);

/**
 * The shop's facts on the site's pages (ShopFacts in common/site/page-data.ts): whether prices
 * include tax (PRICES_INCLUDE_TAX), said beside each price only once the shop has a tax rate, and
 * whether it has an active discount code, for the checkout's code field, and whether it has a shipping
 * rate, for the cart's note that delivery is added at checkout. Read on a page showing a
 * shop record (a product, the cart's widget) with three one-row reads, whatever the number of
 * products on it; a blog page reads nothing. The site's loader asks it (server/site/page-facts.ts).
 */
export function shopPageFacts(pricesIncludeTax: boolean) {
  return {
    models: [TAX_RATES, DISCOUNT_CODES, SHIPPING_RATES],
    async read(
      records: Record<string, Record<string, Row>>,
      repositories: Map<string, Repository>,
    ): Promise<{ shop: ShopFacts } | undefined> {
      if (!showsShop(records)) return undefined;
      const [taxed, coded, delivered] = await Promise.all([
        anyRow(repositories.get(TAX_RATES)),
        anyRow(repositories.get(DISCOUNT_CODES), "active", true),
        anyRow(repositories.get(SHIPPING_RATES)),
      ]);
      const pricesTax = pricesIncludeTax ? "included" : "added";
      return { shop: { discountCodes: coded, delivery: delivered, ...(taxed ? { pricesTax } : {}) } };
    },
  };
}

import { Group, Stack } from "../../../render/primitives.js";
import { useState } from "react";
import type { VariantProps } from "../../../variant-types.js";
import { CurrencyToggle } from "./currency-toggle.js";
import { mainPrice, priceCurrencies, productPrices, storeLink } from "../helpers/price.js";
import { PriceTag } from "./price-tag.js";
import { useShop } from "../helpers/use-shop.js";

/** Product variant 'currency-toggle-group-default': choose a currency, see the product's price in it. */
export function ProductCurrencyToggleGroupDefault({ record, relation }: VariantProps) {
  const { site } = useShop();
  const prices = productPrices(site, record.id, site.language, storeLink(relation, record.id));
  const currencies = priceCurrencies(prices);
  const [currencyId, setCurrencyId] = useState(mainPrice(prices)?.currency?.id);
  const price = prices.find((p) => p.currency?.id === currencyId) ?? mainPrice(prices);
  if (!currencies.length) return null;
  return (
    <Stack gap="xs" maw={360} data-product-currency-toggle={record.id}>
      <CurrencyToggle currencies={currencies} value={price?.currency?.id} onChange={setCurrencyId} />
      <Group>{price ? <PriceTag price={price} /> : null}</Group>
    </Stack>
  );
}

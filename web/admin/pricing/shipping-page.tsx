import { Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { textIn } from "../products/products-texts.js";
import { loadCurrencies, SHIPPING_RATES, type ShippingRate } from "./pricing-api.js";
import { bandText, countryName, moneyText, weightText, type PricingCurrency } from "./pricing-format.js";
import { PricingList } from "./pricing-list.js";
import { pricingTexts } from "./pricing-texts.js";
import { shippingTexts } from "./shipping-texts.js";
import { titleSearch, usePricingList } from "./use-pricing-list.js";

/**
 * /admin/shipping: the shop's delivery prices in words — each rate's title in the admin's
 * language, the countries by name (or "Everywhere"), its price with the currency's symbol, its
 * weight and goods bands and where delivery turns free; searched by title, paged, "New shipping
 * rate". A page costs the list, its count and the currencies, whatever its length.
 */
export function ShippingPage() {
  const t = pricingTexts();
  const s = shippingTexts();
  const { search, list } = usePricingList<ShippingRate, Map<string, PricingCurrency>>(
    SHIPPING_RATES,
    (text) => titleSearch(text, LANGUAGES),
    async (_rows, signal) => new Map((await loadCurrencies(signal)).map((c) => [c.id, c])),
  );
  const lang = t.language;
  const money = (amount: string, rate: ShippingRate) => moneyText(amount, list.data?.names.get(rate.currencyId), lang);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{s.shipping}</Title>
        <Button component={Link} to="/admin/shipping/new" data-testid="shipping-new">
          {s.newRate}
        </Button>
      </Group>
      <PricingList<ShippingRate>
        testId="shipping-table"
        rowTestId="shipping-row"
        search={{ label: s.search, ...search, testId: "shipping-search" }}
        list={list}
        texts={s}
        minWidth={820}
        rowKey={(rate) => rate.id}
        columns={[
          {
            header: s.title,
            testId: "shipping-title",
            cell: (rate) => (
              <Anchor component={Link} to={`/admin/shipping/${rate.id}`}>
                {textIn(rate.title, lang) || s.untitled}
              </Anchor>
            ),
          },
          {
            header: s.deliversTo,
            testId: "shipping-countries",
            cell: (rate) =>
              rate.countries.length ? rate.countries.map((c) => countryName(c, lang)).join(", ") : s.everywhere,
          },
          { header: s.price, testId: "shipping-price", nowrap: true, cell: (rate) => money(rate.amount, rate) },
          {
            header: s.weight,
            testId: "shipping-weight",
            cell: (rate) =>
              bandText(rate.minWeight, rate.maxWeight, (g) => weightText(g, lang), { ...s, any: s.anyWeight }),
          },
          {
            header: s.goods,
            testId: "shipping-goods",
            cell: (rate) =>
              bandText(rate.minSubtotal, rate.maxSubtotal, (a) => money(a, rate), { ...s, any: s.anyAmount }),
          },
          {
            header: s.freeFrom,
            testId: "shipping-free-from",
            cell: (rate) => (rate.freeFrom ? money(rate.freeFrom, rate) : s.never),
          },
        ]}
      />
    </Stack>
  );
}

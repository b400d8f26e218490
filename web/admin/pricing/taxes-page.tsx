import { Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { countryOptions } from "../../../common/countries.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import { textIn } from "../products/products-texts.js";
import { CATEGORIES, isOneOf, TAX_RATES, type TaxRate } from "./pricing-api.js";
import { countryName, percentText } from "./pricing-format.js";
import { PricingList } from "./pricing-list.js";
import { pricingTexts } from "./pricing-texts.js";
import { namesOf } from "./record-names.js";
import { taxesTexts } from "./taxes-texts.js";
import { titleSearch, usePricingList } from "./use-pricing-list.js";
import { containsPattern } from "../data/list-query.js";

/**
 * The search box: a title in any language, a region, or a country by its name in the admin's
 * language ("Germ" finds DE's rates), as one or-group.
 */
function taxSearch(text: string, language: string) {
  if (!text) return [];
  const needle = text.toLowerCase();
  const countries = countryOptions(language)
    .filter((c) => c.label.toLowerCase().includes(needle) || c.value.toLowerCase() === needle)
    .map((c) => c.value);
  return titleSearch(text, LANGUAGES, [
    { column: "region", method: "ilike", value: containsPattern(text) },
    ...(countries.length ? [isOneOf("country", countries)] : []),
  ]);
}

/**
 * /admin/taxes: the shop's tax rates in words — title, the country by name, the region or "Whole
 * country", the rate ("19 %"), the category by its title or "All products", and whether delivery
 * is taxed. A page costs the list, its count and one call naming its categories.
 */
export function TaxesPage() {
  const t = pricingTexts();
  const x = taxesTexts();
  const lang = t.language;
  const { search, list } = usePricingList<TaxRate, Map<string, string>>(
    TAX_RATES,
    (text) => taxSearch(text, lang),
    async (rows, signal) => {
      const ids = rows.map((r) => r.categoryId).filter((id): id is string => !!id);
      return ids.length ? namesOf(CATEGORIES, ids, lang, signal) : new Map<string, string>();
    },
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{x.taxes}</Title>
        <Button component={Link} to="/admin/taxes/new" data-testid="taxes-new">
          {x.newRate}
        </Button>
      </Group>
      <PricingList<TaxRate>
        testId="taxes-table"
        rowTestId="tax-row"
        search={{ label: x.search, ...search, testId: "taxes-search" }}
        list={list}
        texts={x}
        minWidth={760}
        rowKey={(rate) => rate.id}
        columns={[
          {
            header: x.title,
            testId: "tax-title",
            cell: (rate) => (
              <Anchor component={Link} to={`/admin/taxes/${rate.id}`}>
                {textIn(rate.title, lang) || x.untitled}
              </Anchor>
            ),
          },
          { header: x.country, testId: "tax-country", cell: (rate) => countryName(rate.country, lang) },
          { header: x.region, testId: "tax-region", cell: (rate) => rate.region?.trim() || x.wholeCountry },
          { header: x.rate, testId: "tax-rate", nowrap: true, cell: (rate) => percentText(rate.rate, lang) },
          {
            header: x.appliesTo,
            testId: "tax-category",
            cell: (rate) => (rate.categoryId ? (list.data?.names.get(rate.categoryId) ?? t.gone) : x.allProducts),
          },
          { header: x.deliveryTaxed, testId: "tax-delivery", cell: (rate) => (rate.taxShipping ? t.yes : t.no) },
        ]}
      />
    </Stack>
  );
}

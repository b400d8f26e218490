import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { containsPattern } from "../data/list-query.js";
import { loadTargetRows } from "./discount-targets.js";
import { discountsTexts } from "./discounts-texts.js";
import { CATEGORIES, DISCOUNT_CODES, loadCurrencies, PRODUCTS, type DiscountCode } from "./pricing-api.js";
import { bandText, momentText, moneyText, percentText, type PricingCurrency } from "./pricing-format.js";
import { PricingList } from "./pricing-list.js";
import { pricingTexts } from "./pricing-texts.js";
import { namesOf } from "./record-names.js";
import { usePricingList } from "./use-pricing-list.js";

/** What names a page of codes: the currencies, and each code's products and categories by their titles. */
interface CodeNames {
  currencies: Map<string, PricingCurrency>;
  targets: Map<string, { products: string[]; categories: string[] }>;
}

/**
 * The look-ups of a page of codes, the same few calls whatever its length: the currencies, the
 * page's relation rows (one call per relation), and the names of their products and categories
 * (one call per model).
 */
async function codeNames(rows: DiscountCode[], language: string, signal: AbortSignal): Promise<CodeNames> {
  const [currencies, links] = await Promise.all([
    loadCurrencies(signal),
    loadTargetRows(
      rows.map((r) => r.id),
      signal,
    ),
  ]);
  const named = (modelId: string, ids: string[]) =>
    ids.length ? namesOf(modelId, ids, language, signal) : Promise.resolve(new Map<string, string>());
  const [products, categories] = await Promise.all([
    named(
      PRODUCTS,
      links.products.map((l) => l.productId),
    ),
    named(
      CATEGORIES,
      links.categories.map((l) => l.categoryId),
    ),
  ]);
  const targets = new Map(rows.map((r) => [r.id, { products: [] as string[], categories: [] as string[] }]));
  for (const l of links.products) {
    const label = products.get(l.productId);
    if (label) targets.get(l.discountCodeId)?.products.push(label);
  }
  for (const l of links.categories) {
    const label = categories.get(l.categoryId);
    if (label) targets.get(l.discountCodeId)?.categories.push(label);
  }
  return { currencies: new Map(currencies.map((c) => [c.id, c])), targets };
}

/**
 * /admin/discounts: the shop's discount codes in words — the code, what it takes ("10 % off",
 * "€5.00 off", "Free delivery"), the products and categories it applies to by their titles, when
 * it is valid, "used 3 of 100", the limit per customer, whether it combines with other codes and
 * whether it is active; searched by code, paged, "New discount code".
 */
export function DiscountsPage() {
  const t = pricingTexts();
  const d = discountsTexts();
  const lang = t.language;
  const { search, list } = usePricingList<DiscountCode, CodeNames>(
    DISCOUNT_CODES,
    (text) => (text ? [{ column: "code", method: "ilike", value: containsPattern(text) }] : []),
    (rows, signal) => codeNames(rows, lang, signal),
  );
  const names = list.data?.names;
  const money = (amount: string, code: DiscountCode) =>
    moneyText(amount, code.currencyId ? names?.currencies.get(code.currencyId) : undefined, lang);
  const kindOf = (code: DiscountCode) =>
    code.kind === "free-shipping"
      ? d.freeDelivery
      : code.kind === "amount"
        ? d.amountOff(money(code.value ?? "0", code))
        : d.percentOff(percentText(code.value ?? "0", lang));
  const appliesTo = (code: DiscountCode) => {
    const target = names?.targets.get(code.id);
    const all = [...(target?.products ?? []), ...(target?.categories ?? []).map(d.categoryNamed)];
    return all.length ? all.join(", ") : d.allProducts;
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{d.discounts}</Title>
        <Button component={Link} to="/admin/discounts/new" data-testid="discounts-new">
          {d.newCode}
        </Button>
      </Group>
      <PricingList<DiscountCode>
        testId="discounts-table"
        rowTestId="discount-row"
        search={{ label: d.search, ...search, testId: "discounts-search" }}
        list={list}
        texts={d}
        minWidth={860}
        rowKey={(code) => code.id}
        columns={[
          {
            header: d.code,
            testId: "discount-code-cell",
            cell: (code) => (
              <Group gap={8} wrap="wrap">
                <Anchor component={Link} to={`/admin/discounts/${code.id}`} ff="monospace" data-testid="discount-code">
                  {code.code.toUpperCase()}
                </Anchor>
                <Badge color={code.active ? "green" : "gray"} variant="light" size="sm" data-testid="discount-active">
                  {code.active ? d.active : d.inactive}
                </Badge>
              </Group>
            ),
          },
          {
            header: d.discount,
            testId: "discount-kind",
            cell: (code) => (
              <>
                {kindOf(code)}
                {code.minSubtotal ? (
                  <Text size="xs" c="dimmed">
                    {d.goodsFrom(money(code.minSubtotal, code))}
                  </Text>
                ) : null}
              </>
            ),
          },
          { header: d.appliesTo, testId: "discount-applies-to", cell: appliesTo },
          {
            header: d.valid,
            testId: "discount-valid",
            cell: (code) =>
              bandText(code.startsAt, code.endsAt, (iso) => momentText(iso, lang), { ...d, any: d.anyTime }),
          },
          {
            header: d.usedColumn,
            testId: "discount-use",
            cell: (code) => (
              <>
                <div data-testid="discount-used">{d.usedOf(code.used, code.usageLimit)}</div>
                <Text size="xs" c="dimmed" data-testid="discount-per-customer">
                  {code.usageLimitPerCustomer ? d.perCustomer(code.usageLimitPerCustomer) : d.anyPerCustomer}
                </Text>
              </>
            ),
          },
          {
            header: d.combinableColumn,
            testId: "discount-combinable",
            cell: (code) => (code.combinable ? t.yes : t.no),
          },
        ]}
      />
    </Stack>
  );
}

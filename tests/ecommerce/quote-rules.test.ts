// The shop's pricing rules one case at a time (docs/shop-pricing.md): a cart, the shop's shipping
// rates, tax rates and discount codes → the figures the quote (server/modules/ecommerce/pricing/quote.ts)
// answers, worked out by hand. quote-properties.test.ts checks the same function on random carts.
import { describe, expect, it } from "vitest";
import { multiplyAmount } from "../../common/money.js";
import { quote } from "../../server/modules/ecommerce/pricing/quote.js";
import type {
  DiscountCodeRule,
  QuoteInput,
  QuoteLine,
  QuoteProblem,
  RefusalReason,
  ShippingRateRule,
  TaxRateRule,
} from "../../server/modules/ecommerce/pricing/quote-types.js";

const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const EUR = { id: "eur", decimals: 2 };

function line(productId: string, unitPrice: string, quantity: number, more: Partial<QuoteLine> = {}): QuoteLine {
  const decimals = unitPrice.split(".")[1]?.length ?? 0;
  const amount = multiplyAmount(unitPrice, quantity, decimals)!;
  return { id: productId, productId, unitPrice, quantity, amount, weight: null, categoryIds: [], ships: true, ...more };
}
const tax = (id: string, country: string, rate: string, more: Partial<TaxRateRule> = {}): TaxRateRule => ({
  id,
  title: { en: id },
  country,
  rate,
  taxShipping: false,
  ...more,
});
const rate = (id: string, amount: string, more: Partial<ShippingRateRule> = {}): ShippingRateRule => ({
  id,
  title: { en: id },
  countries: ["DE"],
  amount,
  ...more,
});
function code(
  name: string,
  kind: DiscountCodeRule["kind"],
  value: string | null,
  more: Partial<DiscountCodeRule> = {},
): DiscountCodeRule {
  const none = { productIds: [], categoryIds: [], used: 0, usedByCustomer: 0 };
  return { id: name, code: name, kind, value, currencyId: "eur", ...none, combinable: false, active: true, ...more };
}
const days = (n: number) => new Date(NOW.getTime() + n * DAY).toISOString();

/** The shop's codes; a case types some of them. */
const CODES: DiscountCodeRule[] = [
  code("SAVE10", "percent", "10"),
  code("TWENTY", "percent", "20"),
  code("ALL150", "percent", "150"),
  code("FIVE", "amount", "5.00"),
  code("HUGE", "amount", "1000.00"),
  code("SHIPFREE", "free-shipping", null, { currencyId: null }),
  code("STACK15", "amount", "15.00", { combinable: true }),
  code("stack10", "amount", "10.00", { combinable: true }),
  code("OLD", "percent", "10", { endsAt: days(-1) }),
  code("ENDSNOW", "percent", "10", { endsAt: NOW.toISOString() }),
  code("SOON", "percent", "10", { startsAt: days(1) }),
  code("ONCE", "percent", "10", { usageLimitPerCustomer: 1, usedByCustomer: 1 }),
  code("GONE", "percent", "10", { usageLimit: 100, used: 100 }),
  code("OFF", "percent", "10", { active: false }),
  code("USD5", "amount", "5.00", { currencyId: "usd" }),
  code("NOCUR5", "amount", "5.00", { currencyId: null }),
  code("BIG50", "percent", "50", { minSubtotal: "100.00" }),
  code("BOOKS20", "percent", "20", { categoryIds: ["books"] }),
  code("MUG", "percent", "10", { productIds: ["mug"] }),
];

const VAT = tax("vat", "DE", "19");
const shirts = line("shirt", "10.00", 2, { weight: 200, categoryIds: ["clothes"] });

function input(more: Partial<QuoteInput>): QuoteInput {
  const shippingRates = more.shippingRates ?? [];
  return {
    currency: EUR,
    pricesIncludeTax: false,
    lines: [shirts],
    destination: { country: "DE" },
    shippingConfigured: shippingRates.length > 0,
    shippingRates,
    taxRates: [VAT],
    discountCodes: [],
    knownCodes: CODES,
    now: NOW,
    ...more,
  };
}

interface Expected {
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  /** Each line's discount and tax, when the case is about them. */
  lines?: [string, string][];
  shippingRateId?: string | null;
  applied?: string[];
  refused?: { code: string; reason: RefusalReason }[];
  problem?: QuoteProblem | null;
}
type Case = { name: string; input: QuoteInput; expected: Expected };

const refused = (name: string, typed: string[], reason: RefusalReason, applied: string[] = []): Case => ({
  name,
  input: input({ discountCodes: typed }),
  expected: {
    subtotal: "20.00",
    discount: applied.length ? "2.00" : "0.00",
    shipping: "0.00",
    tax: applied.length ? "3.42" : "3.80",
    total: applied.length ? "21.42" : "23.80",
    applied,
    refused: [{ code: typed.at(-1)!.trim(), reason }],
  },
});
const figures = (subtotal: string, discount: string, shipping: string, tax: string, total: string) => ({
  subtotal,
  discount,
  shipping,
  tax,
  total,
});

const CASES: Case[] = [
  // Prices and taxes
  {
    name: "net prices: 19% added on top",
    input: input({}),
    expected: figures("20.00", "0.00", "0.00", "3.80", "23.80"),
  },
  {
    name: "gross prices: 19% inside, the total is what the prices say",
    input: input({ pricesIncludeTax: true, lines: [line("a", "11.90", 1), line("b", "5.95", 1)] }),
    expected: {
      ...figures("17.85", "0.00", "0.00", "2.85", "17.85"),
      lines: [
        ["0.00", "1.90"],
        ["0.00", "0.95"],
      ],
    },
  },
  {
    name: "a category's rate beats the country's, whichever is listed first",
    input: input({
      lines: [line("novel", "10.00", 1, { categoryIds: ["books"] }), line("a", "10.00", 1)],
      taxRates: [VAT, tax("books", "DE", "7", { categoryId: "books" })],
    }),
    expected: {
      ...figures("20.00", "0.00", "0.00", "2.60", "22.60"),
      lines: [
        ["0.00", "0.70"],
        ["0.00", "1.90"],
      ],
    },
  },
  {
    name: "a region's rate beats the country's (the address's region in any case)",
    input: input({
      lines: [line("a", "100.00", 1)],
      destination: { country: "US", region: "ca" },
      taxRates: [tax("us", "US", "0"), tax("ca", "US", "7.25", { region: "CA" })],
    }),
    expected: figures("100.00", "0.00", "0.00", "7.25", "107.25"),
  },
  {
    name: "another region gets the country's rate",
    input: input({
      lines: [line("a", "100.00", 1)],
      destination: { country: "US", region: "NY" },
      taxRates: [tax("us", "US", "1.5"), tax("ca", "US", "7.25", { region: "CA" })],
    }),
    expected: figures("100.00", "0.00", "0.00", "1.50", "101.50"),
  },
  {
    name: "a category's rate beats a region's",
    input: input({
      lines: [line("novel", "10.00", 1, { categoryIds: ["books"] })],
      destination: { country: "DE", region: "Bavaria" },
      taxRates: [tax("by", "DE", "10", { region: "Bavaria" }), tax("books", "DE", "7", { categoryId: "books" })],
    }),
    expected: figures("10.00", "0.00", "0.00", "0.70", "10.70"),
  },
  {
    name: "no destination yet: no tax, only the rates that deliver everywhere",
    input: input({
      destination: undefined,
      shippingRates: [rate("de", "4.90"), rate("world", "7.00", { countries: [] })],
    }),
    expected: { ...figures("20.00", "0.00", "7.00", "0.00", "27.00"), shippingRateId: "world" },
  },
  // Rounding: tax per line, half-even to the minor unit
  {
    name: "2.50 at 5% is 0.125: half-even gives 0.12",
    input: input({ lines: [line("a", "2.50", 1)], taxRates: [tax("five", "DE", "5")] }),
    expected: figures("2.50", "0.00", "0.00", "0.12", "2.62"),
  },
  {
    name: "2.70 at 5% is 0.135: half-even gives 0.14",
    input: input({ lines: [line("a", "2.70", 1)], taxRates: [tax("five", "DE", "5")] }),
    expected: figures("2.70", "0.00", "0.00", "0.14", "2.84"),
  },
  {
    name: "each line rounded on its own: three lines of 2.50 at 5% are 0.12 each, not 0.38 in all",
    input: input({
      lines: [line("a", "2.50", 1), line("b", "2.50", 1), line("c", "2.50", 1)],
      taxRates: [tax("five", "DE", "5")],
    }),
    expected: figures("7.50", "0.00", "0.00", "0.36", "7.86"),
  },
  {
    name: "gross 10.05 at 20% holds 1.675: the tax, not the net, is rounded half-even, 1.68",
    input: input({ pricesIncludeTax: true, lines: [line("a", "10.05", 1)], taxRates: [tax("vat", "DE", "20")] }),
    expected: figures("10.05", "0.00", "0.00", "1.68", "10.05"),
  },
  {
    name: "a currency with no decimals: 1005 at 10% is 100.5, half-even 100",
    input: input({
      currency: { id: "jpy", decimals: 0 },
      lines: [line("a", "1005", 1)],
      taxRates: [tax("t", "DE", "10")],
    }),
    expected: figures("1005", "0", "0", "100", "1105"),
  },
  {
    name: "a currency with three decimals: 2.250 at 5% is 0.1125, 0.112",
    input: input({
      currency: { id: "kwd", decimals: 3 },
      lines: [line("a", "2.250", 1)],
      taxRates: [tax("t", "DE", "5")],
    }),
    expected: figures("2.250", "0.000", "0.000", "0.112", "2.362"),
  },
  // Shipping
  {
    name: "delivery taxed at the country's rate",
    input: input({
      lines: [line("a", "10.00", 1)],
      shippingRates: [rate("std", "4.90")],
      taxRates: [{ ...VAT, taxShipping: true }],
    }),
    expected: figures("10.00", "0.00", "4.90", "2.83", "17.73"),
  },
  {
    name: "delivery not taxed",
    input: input({ lines: [line("a", "10.00", 1)], shippingRates: [rate("std", "4.90")] }),
    expected: { ...figures("10.00", "0.00", "4.90", "1.90", "16.80"), shippingRateId: "std" },
  },
  {
    name: "gross prices: the delivery's tax is inside it too",
    input: input({
      pricesIncludeTax: true,
      lines: [line("a", "11.90", 1)],
      shippingRates: [rate("std", "5.95")],
      taxRates: [{ ...VAT, taxShipping: true }],
    }),
    expected: figures("11.90", "0.00", "5.95", "2.85", "17.85"),
  },
  {
    name: "weight band: 2 × 600 g takes the heavy rate",
    input: input({
      lines: [line("a", "10.00", 2, { weight: 600 })],
      shippingRates: [rate("light", "4.90", { maxWeight: 1000 }), rate("heavy", "9.90", { minWeight: 1001 })],
    }),
    expected: { ...figures("20.00", "0.00", "9.90", "3.80", "33.70"), shippingRateId: "heavy" },
  },
  {
    name: "weight band: 2 × 400 g takes the light rate; a line that does not ship weighs nothing",
    input: input({
      lines: [line("a", "10.00", 2, { weight: 400 }), line("e-book", "0.00", 1, { weight: 5000, ships: false })],
      shippingRates: [rate("light", "4.90", { maxWeight: 1000 }), rate("heavy", "9.90", { minWeight: 1001 })],
    }),
    expected: { ...figures("20.00", "0.00", "4.90", "3.80", "28.70"), shippingRateId: "light" },
  },
  {
    name: "free delivery from 50.00 of goods",
    input: input({ lines: [line("a", "30.00", 2)], shippingRates: [rate("std", "4.90", { freeFrom: "50.00" })] }),
    expected: figures("60.00", "0.00", "0.00", "11.40", "71.40"),
  },
  {
    name: "a code taking the goods below freeFrom makes delivery cost again",
    input: input({
      lines: [line("a", "30.00", 2)],
      shippingRates: [rate("std", "4.90", { freeFrom: "50.00" })],
      discountCodes: ["TWENTY"],
    }),
    expected: { ...figures("60.00", "12.00", "4.90", "9.12", "62.02"), applied: ["TWENTY"] },
  },
  {
    name: "the rate asked for, though another is cheaper",
    input: input({ shippingRates: [rate("std", "4.90"), rate("express", "9.90")], shippingRateId: "express" }),
    expected: { ...figures("20.00", "0.00", "9.90", "3.80", "33.70"), shippingRateId: "express" },
  },
  {
    name: "no rate delivers to the country: a problem, nothing charged",
    input: input({ shippingRates: [rate("fr", "4.90", { countries: ["FR"] })] }),
    expected: {
      ...figures("20.00", "0.00", "0.00", "3.80", "23.80"),
      shippingRateId: null,
      problem: { kind: "no-shipping-rate", country: "DE" },
    },
  },
  {
    name: "the rate asked for is not offered here",
    input: input({
      shippingRates: [rate("std", "4.90"), rate("express", "9.90", { countries: ["FR"] })],
      shippingRateId: "express",
    }),
    expected: {
      ...figures("20.00", "0.00", "0.00", "3.80", "23.80"),
      shippingRateId: null,
      problem: { kind: "shipping-rate-unavailable", shippingRateId: "express" },
    },
  },
  {
    name: "a shop with no shipping rates charges no delivery",
    input: input({ shippingConfigured: false }),
    expected: { ...figures("20.00", "0.00", "0.00", "3.80", "23.80"), shippingRateId: null },
  },
  // Discount codes
  {
    name: "a percent code, typed in any case",
    input: input({ discountCodes: ["save10"] }),
    expected: { ...figures("20.00", "2.00", "0.00", "3.42", "21.42"), applied: ["SAVE10"] },
  },
  {
    name: "more than 100% takes the goods and no more",
    input: input({ discountCodes: ["ALL150"] }),
    expected: { ...figures("20.00", "20.00", "0.00", "0.00", "0.00"), applied: ["ALL150"] },
  },
  {
    name: "an amount code shared among the lines in proportion",
    input: input({ lines: [line("a", "10.00", 1), line("b", "30.00", 1)], discountCodes: ["FIVE"] }),
    expected: {
      ...figures("40.00", "5.00", "0.00", "6.65", "41.65"),
      lines: [
        ["1.25", "1.66"],
        ["3.75", "4.99"],
      ],
      applied: ["FIVE"],
    },
  },
  {
    name: "an amount larger than the cart takes the goods, not the delivery",
    input: input({ shippingRates: [rate("std", "4.90")], discountCodes: ["HUGE"] }),
    expected: { ...figures("20.00", "20.00", "4.90", "0.00", "4.90"), applied: ["HUGE"] },
  },
  {
    name: "gross prices: the tax is inside what is left after the discount",
    input: input({ pricesIncludeTax: true, lines: [line("a", "11.90", 1)], discountCodes: ["SAVE10"] }),
    expected: { ...figures("11.90", "1.19", "0.00", "1.71", "10.71"), applied: ["SAVE10"] },
  },
  {
    name: "a free-shipping code",
    input: input({ shippingRates: [rate("std", "4.90")], discountCodes: ["SHIPFREE"] }),
    expected: { ...figures("20.00", "0.00", "0.00", "3.80", "23.80"), shippingRateId: "std", applied: ["SHIPFREE"] },
  },
  {
    name: "a free-shipping code on a cart that ships nothing",
    input: input({ lines: [line("e-book", "20.00", 1, { ships: false })], discountCodes: ["SHIPFREE"] }),
    expected: {
      ...figures("20.00", "0.00", "0.00", "3.80", "23.80"),
      refused: [{ code: "SHIPFREE", reason: "not-applicable" }],
    },
  },
  {
    name: "a category's code takes only from that category's lines",
    input: input({
      lines: [line("novel", "10.00", 1, { categoryIds: ["books"] }), shirts],
      discountCodes: ["BOOKS20"],
    }),
    expected: {
      ...figures("30.00", "2.00", "0.00", "5.32", "33.32"),
      lines: [
        ["2.00", "1.52"],
        ["0.00", "3.80"],
      ],
      applied: ["BOOKS20"],
    },
  },
  refused("a category's code on a cart without that category", ["BOOKS20"], "not-applicable"),
  refused("a product's code on a cart without that product", ["MUG"], "not-applicable"),
  refused("an expired code", ["OLD"], "expired"),
  refused("a code that ends this very moment", ["ENDSNOW"], "expired"),
  refused("a code not started yet", ["SOON"], "not-started"),
  refused("a code this buyer has used as often as allowed", ["ONCE"], "already-used"),
  refused("a code used as often as allowed in all", ["GONE"], "used-up"),
  refused("a code switched off", ["OFF"], "inactive"),
  refused("a code in another currency", ["USD5"], "currency"),
  refused("an amount code with no currency", ["NOCUR5"], "currency"),
  refused("goods below the code's minimum", ["BIG50"], "min-subtotal"),
  refused("a code the shop does not have", ["NOPE"], "unknown"),
  refused("the same code twice", ["save10", " SAVE10 "], "repeated", ["SAVE10"]),
  refused("a second code beside a non-combinable one", ["SAVE10", "FIVE"], "not-combinable", ["SAVE10"]),
  refused("a combinable code beside a non-combinable one", ["SAVE10", "STACK15"], "not-combinable", ["SAVE10"]),
  {
    name: "a non-combinable code after a combinable one",
    input: input({ discountCodes: ["STACK15", "SAVE10"] }),
    expected: {
      ...figures("20.00", "15.00", "0.00", "0.95", "5.95"),
      applied: ["STACK15"],
      refused: [{ code: "SAVE10", reason: "not-combinable" }],
    },
  },
  {
    name: "two combinable codes stack, the second taking only what is left",
    input: input({ lines: [line("a", "5.00", 1), line("b", "15.00", 1)], discountCodes: ["STACK15", "STACK10"] }),
    expected: {
      ...figures("20.00", "20.00", "0.00", "0.00", "0.00"),
      lines: [
        ["5.00", "0.00"],
        ["15.00", "0.00"],
      ],
      applied: ["STACK15", "STACK10"],
    },
  },
  {
    name: "a minimum the goods reach",
    input: input({ lines: [line("a", "60.00", 2)], discountCodes: ["BIG50"] }),
    expected: { ...figures("120.00", "60.00", "0.00", "11.40", "71.40"), applied: ["BIG50"] },
  },
];

describe("the quote, case by case", () => {
  it.each(CASES)("$name", ({ input, expected }) => {
    const q = quote(input);
    const answered = {
      subtotal: q.subtotal,
      discount: q.discount,
      shipping: q.shipping,
      tax: q.tax,
      total: q.total,
      ...(expected.lines && { lines: q.lines.map((l) => [l.discount, l.tax]) }),
      ...(expected.shippingRateId !== undefined && { shippingRateId: q.shippingRateId }),
      applied: q.appliedCodes,
      refused: q.refusedCodes,
      problem: q.problem,
    };
    expect(answered).toEqual({ applied: [], refused: [], problem: null, ...expected });
  });
});

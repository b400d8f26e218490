// Property: whatever the cart, the shop's shipping rates, tax rates and discount codes, and the
// setting (prices net or gross, currencies of 0, 2 and 3 decimals), the quote
// (server/modules/ecommerce/pricing/quote.ts) answers whole, non-negative amounts of the currency
// that add up exactly, taxes each line to the half-even rounding of its exact tax, charges only the
// delivery the goods after discounts qualify for, and lets no refused code change a figure.
// The expected values are computed here from fractions of integers, not by the pricing helpers.
import fc, { type Arbitrary } from "fast-check";
import { describe, expect, it } from "vitest";
import { multiplyAmount } from "../../common/money.js";
import { quote } from "../../server/modules/ecommerce/pricing/quote.js";
import type {
  DiscountCodeRule,
  Quote,
  QuoteInput,
  QuoteLine,
  ShippingRateRule,
  TaxRateRule,
} from "../../server/modules/ecommerce/pricing/quote-types.js";
import { announcedSeed, seedFor } from "../helpers/fc-seed.js";

/** Runs per property; FC_RUNS=2000 for a longer hunt. The seed: fc-seed.ts (fixed under CI, FC_SEED to replay). */
const numRuns = Number(process.env.FC_RUNS ?? 150);
const seed = announcedSeed();
const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const PRODUCTS = ["p1", "p2", "p3", "p4", "p5"];
const CATEGORIES = ["books", "food", "toys"];
const COUNTRIES = ["DE", "FR", "US"];
/** Typed codes: the rules are C0…C4 (as many as drawn), in other cases and spacing, and one no rule has. */
const TYPED = ["C0", "c1", " C2 ", "C3", "c4", "C0", "NOPE"];

/** `units` × 10^-places as a decimal string ("1234", 2 → "12.34"). */
function decimal(units: number | bigint, places: number): string {
  const digits = units.toString().padStart(places + 1, "0");
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** A non-negative decimal string as a fraction of integers ("7.5" → 75 / 10). */
function fraction(text: string): { n: bigint; d: bigint } {
  const [whole = "0", part = ""] = text.trim().split(".");
  return { n: BigInt(`${whole || "0"}${part}`), d: 10n ** BigInt(part.length) };
}

/** n / d to the nearest integer, an exact half to the even one (n ≥ 0, d > 0). */
function halfEven(n: bigint, d: bigint): bigint {
  const below = n / d;
  const excess = 2n * (n - below * d) - d; // < 0 under the half, 0 on it, > 0 above
  if (excess < 0n) return below;
  if (excess > 0n) return below + 1n;
  return below % 2n === 0n ? below : below + 1n;
}

const money = (decimals: number, maxMajor: number) =>
  fc.integer({ min: 0, max: maxMajor * 10 ** decimals }).map((n) => decimal(n, decimals));
const optional = <T>(arb: Arbitrary<T>) => fc.option(arb, { nil: null });
/** A restriction most rules leave empty, so that most carts pass the others and reach the arithmetic. */
const seldom = <T>(arb: Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });
/** Rates whose exact taxes often end in a half (10% of 0.05, 20% inside 0.03), so rounding is tested on ties. */
const TIE_RATES = ["2.5", "5", "10", "12.5", "20", "25"];
const percentText = fc.oneof(
  { arbitrary: fc.constantFrom(...TIE_RATES), weight: 3 },
  fc.constantFrom("0", "4", "7.5", "19", "30"),
  fc.integer({ min: 0, max: 3000 }).map((n) => decimal(n, 2)),
  fc.integer({ min: 0, max: 300 }).map((n) => decimal(n, 1)),
);

const lineArb = (decimals: number) =>
  fc
    .record({
      productId: fc.constantFrom(...PRODUCTS),
      places: fc.integer({ min: 0, max: 4 }),
      price: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 2_000_000 })),
      quantity: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 50 })),
      weight: optional(fc.integer({ min: 0, max: 2000 })),
      categoryIds: fc.subarray(CATEGORIES),
      ships: fc.boolean(),
    })
    .map(({ places, price, ...line }) => {
      const unitPrice = decimal(price, places);
      return { ...line, unitPrice, amount: multiplyAmount(unitPrice, line.quantity, decimals)! };
    });

const shippingRateArb = (decimals: number) =>
  fc.record({
    countries: fc.subarray(COUNTRIES),
    amount: money(decimals, 30),
    minWeight: seldom(fc.integer({ min: 0, max: 5000 })),
    maxWeight: seldom(fc.integer({ min: 0, max: 50_000 })),
    minSubtotal: seldom(money(decimals, 300)),
    maxSubtotal: seldom(money(decimals, 10_000)),
    freeFrom: seldom(fc.oneof(money(decimals, 300), money(decimals, 5000))),
  });

const taxRateArb = fc.record({
  country: fc.constantFrom(...COUNTRIES),
  region: optional(fc.constantFrom("Bavaria", " bavaria", "CA", "")),
  rate: percentText,
  categoryId: optional(fc.constantFrom(...CATEGORIES)),
  taxShipping: fc.boolean(),
});

const instant = fc.integer({ min: -30, max: 30 }).map((days) => new Date(NOW.getTime() + days * DAY).toISOString());
const codeArb = (decimals: number) =>
  fc.record({
    kind: fc.constantFrom("percent", "amount", "free-shipping") as Arbitrary<DiscountCodeRule["kind"]>,
    percent: fc.integer({ min: 0, max: 15_000 }).map((n) => decimal(n, 2)),
    amount: fc.oneof(money(decimals, 50), money(decimals, 1_000_000)),
    currencyId: fc.constantFrom("cur", "cur", "cur", "other", null),
    productIds: fc.oneof(fc.constant([]), fc.subarray(PRODUCTS)),
    categoryIds: fc.oneof(fc.constant([]), fc.subarray(CATEGORIES)),
    minSubtotal: seldom(money(decimals, 2000)),
    startsAt: seldom(instant),
    endsAt: seldom(instant),
    usageLimit: seldom(fc.integer({ min: 1, max: 5 })),
    used: fc.integer({ min: 0, max: 6 }),
    usageLimitPerCustomer: seldom(fc.integer({ min: 1, max: 3 })),
    usedByCustomer: fc.integer({ min: 0, max: 3 }),
    combinable: fc.constantFrom(true, true, false),
    active: fc.constantFrom(true, true, true, true, false),
  });

/** A whole quote input in a currency of `decimals` places, prices net or gross. */
function inputArb(decimals: number, pricesIncludeTax: boolean): Arbitrary<QuoteInput> {
  return fc
    .record({
      lines: fc.array(lineArb(decimals), { minLength: 1, maxLength: 20 }),
      destination: fc.option(
        fc.record({ country: fc.constantFrom(...COUNTRIES), region: optional(fc.constantFrom("Bavaria", "ca ")) }),
        { nil: undefined },
      ),
      shippingConfigured: fc.constantFrom(true, true, false),
      shippingRates: fc.array(shippingRateArb(decimals), { maxLength: 4 }),
      shippingRateId: fc.option(fc.constantFrom("s0", "s1", "s2", "missing"), { nil: undefined, freq: 2 }),
      taxRates: fc.array(taxRateArb, { minLength: 1, maxLength: 6 }),
      codes: fc.array(codeArb(decimals), { minLength: 3, maxLength: 5 }),
      discountCodes: fc.array(fc.constantFrom(...TYPED), { minLength: 1, maxLength: 4 }),
    })
    .map(({ lines, shippingRates, taxRates, codes, ...rest }) => ({
      ...rest,
      currency: { id: "cur", decimals },
      pricesIncludeTax,
      lines: lines.map((line, i): QuoteLine => ({ id: `l${i}`, ...line })),
      shippingRates: shippingRates.map(
        (rate, i): ShippingRateRule => ({ id: `s${i}`, title: { en: `S${i}` }, ...rate }),
      ),
      taxRates: taxRates.map((rate, i): TaxRateRule => ({ id: `t${i}`, title: { en: `T${i}` }, ...rate })),
      knownCodes: codes.map(
        ({ percent, amount, ...code }, i): DiscountCodeRule => ({
          id: `d${i}`,
          code: i % 2 ? `c${i}` : `C${i}`,
          value: code.kind === "percent" ? percent : code.kind === "amount" ? amount : null,
          ...code,
        }),
      ),
      now: NOW,
    }));
}

/** The rate a line (or the delivery, with no categories) is taxed at: the most specific, the first on a tie. */
function winningRate(input: QuoteInput, categoryIds: readonly string[] | null): TaxRateRule | undefined {
  const destination = input.destination;
  if (!destination) return undefined;
  const norm = (region: string | null | undefined) => (region ?? "").trim().toLowerCase();
  const rank = (rule: TaxRateRule) => (rule.categoryId ? 2 : 0) + (norm(rule.region) ? 1 : 0);
  const fits = input.taxRates.filter(
    (rule) =>
      rule.country === destination.country &&
      (!norm(rule.region) || norm(rule.region) === norm(destination.region)) &&
      (!rule.categoryId || (categoryIds ?? []).includes(rule.categoryId)),
  );
  return fits.reduce<TaxRateRule | undefined>(
    (best, rule) => (best && rank(best) >= rank(rule) ? best : rule),
    undefined,
  );
}

/** The tax of `base` minor units at `rule`, exactly, then half-even: on top of a net base, or inside a gross one. */
function expectedTax(base: bigint, rule: TaxRateRule | undefined, included: boolean): bigint {
  if (!rule || base <= 0n) return 0n;
  const { n, d } = fraction(rule.rate);
  return included ? halfEven(base * n, 100n * d + n) : halfEven(base * n, 100n * d);
}

/** The minor units of an answered amount, after checking it has exactly the currency's places and no sign. */
function minorOf(text: string, decimals: number): bigint {
  const shape = decimals === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${decimals}}$`);
  expect(text).toMatch(shape);
  return BigInt(text.replace(".", ""));
}

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const ruleOf = (input: QuoteInput, code: string) =>
  input.knownCodes.find((rule) => rule.code.toUpperCase() === code.toUpperCase())!;
const figures = ({ refusedCodes: _, ...rest }: Quote) => rest;

/** The quote's figures in minor units, checked for shape and for adding up. */
function checkSums(input: QuoteInput, q: Quote) {
  const { decimals } = input.currency;
  const m = (text: string) => minorOf(text, decimals);
  const lines = q.lines.map((line, i) => {
    expect(line.amount).toBe(input.lines[i]!.amount);
    const [amount, discount, tax] = [m(line.amount), m(line.discount), m(line.tax)];
    expect(discount).toBeLessThanOrEqual(amount);
    if (input.pricesIncludeTax) expect(tax).toBeLessThanOrEqual(amount - discount);
    return { amount, discount, tax };
  });
  const [subtotal, discount, shipping, tax, total] = [q.subtotal, q.discount, q.shipping, q.tax, q.total].map(m);
  expect(subtotal).toBe(sum(lines.map((l) => l.amount)));
  expect(discount).toBe(sum(lines.map((l) => l.discount)));
  expect(discount).toBeLessThanOrEqual(subtotal!);
  const shippingTax = tax! - sum(lines.map((l) => l.tax));
  expect(shippingTax).toBeGreaterThanOrEqual(0n);
  if (input.pricesIncludeTax) expect(shippingTax).toBeLessThanOrEqual(shipping!);
  expect(sum(q.taxes.map((t) => m(t.amount)))).toBe(tax);
  expect(total).toBe(subtotal! - discount! + shipping! + (input.pricesIncludeTax ? 0n : tax!));
  expect(q.taxIncluded).toBe(input.pricesIncludeTax);
  for (const option of q.shippingOptions) m(option.amount);
  return { lines, subtotal: subtotal!, discount: discount!, shipping: shipping!, shippingTax };
}

/** Each line's tax and the delivery's, against the exact fraction at the rate that should win. */
function checkTaxes(input: QuoteInput) {
  const q = quote(input);
  const { lines, shipping, shippingTax } = checkSums(input, q);
  input.lines.forEach((line, i) => {
    const rule = winningRate(input, line.categoryIds);
    expect(q.lines[i]!.taxRate).toBe(rule?.rate ?? null);
    expect(lines[i]!.tax).toBe(expectedTax(lines[i]!.amount - lines[i]!.discount, rule, input.pricesIncludeTax));
  });
  const general = winningRate(input, null);
  expect(shippingTax).toBe(general?.taxShipping ? expectedTax(shipping, general, input.pricesIncludeTax) : 0n);
}

const CASES = [0, 2, 3].flatMap((decimals) =>
  [false, true].map((included) => ({
    decimals,
    included,
    label: `${decimals} decimals, ${included ? "gross" : "net"}`,
  })),
);

describe.each(CASES)("the quote in a currency of $label prices", ({ decimals, included }) => {
  const run = (check: (input: QuoteInput) => void) =>
    fc.assert(
      fc.property(inputArb(decimals, included), (input) => {
        check(input);
      }),
      { numRuns, seed: seedFor(expect.getState().currentTestName ?? "", seed) },
    );

  it("answers whole, non-negative amounts of the currency that add up exactly", () => {
    run((input) => checkSums(input, quote(input)));
  });

  it("taxes each line, and the delivery, at the winning rate to the half-even rounding of the exact tax", () => {
    run(checkTaxes);
  });

  it("rounds every line's tax half-even when one rate taxes the whole cart", () => {
    const oneRate = fc.tuple(inputArb(decimals, included), fc.constantFrom(...TIE_RATES), fc.boolean()).map(
      ([input, rate, taxShipping]): QuoteInput => ({
        ...input,
        destination: { country: "DE" },
        taxRates: [{ id: "t", title: { en: "VAT" }, country: "DE", rate, taxShipping }],
      }),
    );
    fc.assert(
      fc.property(oneRate, (input) => {
        checkTaxes(input);
      }),
      { numRuns, seed: seedFor(expect.getState().currentTestName ?? "", seed) },
    );
  });

  it("lets no refused code change a figure, keeps a non-combinable code alone, applies only codes allowed now", () => {
    run((input) => {
      const q = quote(input);
      const { subtotal } = checkSums(input, q);
      const again = quote({ ...input, discountCodes: q.appliedCodes });
      expect(again.refusedCodes).toEqual([]);
      expect(figures(again)).toEqual(figures(q));
      const applied = q.appliedCodes.map((code) => ruleOf(input, code));
      if (applied.length > 1) expect(applied.every((rule) => rule.combinable)).toBe(true);
      for (const rule of applied) {
        expect(rule.active).toBe(true);
        if (rule.startsAt) expect(Date.parse(rule.startsAt)).toBeLessThanOrEqual(NOW.getTime());
        if (rule.endsAt) expect(Date.parse(rule.endsAt)).toBeGreaterThan(NOW.getTime());
        if (rule.usageLimit != null) expect(rule.used).toBeLessThan(rule.usageLimit);
        if (rule.usageLimitPerCustomer != null) expect(rule.usedByCustomer).toBeLessThan(rule.usageLimitPerCustomer);
        expect(rule.currencyId ?? (rule.kind === "amount" ? "none" : "cur")).toBe("cur");
        if (rule.minSubtotal) expect(minorOf(rule.minSubtotal, decimals)).toBeLessThanOrEqual(subtotal);
      }
      const typed = new Set(input.discountCodes.map((code) => code.trim().toUpperCase()));
      expect(q.appliedCodes.length + q.refusedCodes.length).toBe(input.discountCodes.length);
      expect(new Set(q.appliedCodes).size).toBe(q.appliedCodes.length);
      for (const code of q.appliedCodes) expect(typed.has(code)).toBe(true);
    });
  });

  it("offers the rates whose bands hold the goods after discounts, charges the asked or the cheapest", () => {
    run((input) => {
      const q = quote(input);
      const { subtotal, discount, shipping } = checkSums(input, q);
      const shipped = input.lines.filter((line) => line.ships);
      const weight = shipped.reduce((total, line) => total + (line.weight ?? 0) * line.quantity, 0);
      const goods = subtotal - discount;
      const m = (text: string | null | undefined) => (text ? minorOf(text, decimals) : undefined);
      const fits = (rate: ShippingRateRule) =>
        (rate.countries.length === 0 || rate.countries.includes(input.destination?.country ?? "")) &&
        (rate.minWeight == null || weight >= rate.minWeight) &&
        (rate.maxWeight == null || weight <= rate.maxWeight) &&
        (m(rate.minSubtotal) === undefined || goods >= m(rate.minSubtotal)!) &&
        (m(rate.maxSubtotal) === undefined || goods <= m(rate.maxSubtotal)!);
      const offered = shipped.length && input.shippingConfigured ? input.shippingRates.filter(fits) : [];
      expect(q.shippingOptions.map((o) => o.id).sort()).toEqual(offered.map((r) => r.id).sort());
      const costs = q.shippingOptions.map((o) => minorOf(o.amount, decimals));
      expect([...costs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(costs);
      for (const option of q.shippingOptions) {
        const rate = offered.find((r) => r.id === option.id)!;
        const free = m(rate.freeFrom) !== undefined && goods >= m(rate.freeFrom)!;
        expect(minorOf(option.amount, decimals)).toBe(free ? 0n : m(rate.amount));
      }
      const asked = input.shippingRateId;
      const chosen = asked ? q.shippingOptions.find((o) => o.id === asked) : q.shippingOptions[0];
      expect(q.shippingRateId).toBe(chosen?.id ?? null);
      const freeCode = q.appliedCodes.some((code) => ruleOf(input, code).kind === "free-shipping");
      expect(shipping).toBe(chosen && !freeCode ? minorOf(chosen.amount, decimals) : 0n);
      // Nothing ships, or the shop has no rates at all: nothing to charge and nothing wrong.
      if (!shipped.length || !input.shippingConfigured) expect(q.problem).toBeNull();
      else if (asked && !chosen)
        expect(q.problem).toEqual({ kind: "shipping-rate-unavailable", shippingRateId: asked });
      else if (!chosen && input.destination)
        expect(q.problem).toEqual({ kind: "no-shipping-rate", country: input.destination.country });
      else expect(q.problem).toBeNull();
    });
  });

  it("gives the same quote for the same input and leaves the input as it was", () => {
    run((input) => {
      const before = JSON.stringify(input);
      expect(quote(input)).toEqual(quote(input));
      expect(JSON.stringify(input)).toBe(before);
    });
  });
});

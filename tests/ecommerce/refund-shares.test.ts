import { describe, expect, it } from "vitest";
import type { ChargedBreakdown } from "../../server/modules/ecommerce/invoice-breakdown.js";
import {
  DELIVERY,
  allocationJson,
  chargedParts,
  refundedParts,
  shareRefund,
  type ChargedPart,
} from "../../server/modules/ecommerce/refund-allocation.js";

// The pure sharing of a refund (server/modules/ecommerce/refund-allocation.ts) where the desk's
// refunds do not reach: breakdowns that cannot be shared, a delivery tax whose rate the breakdown
// does not tell, a refund the provider announced with no allocation, and the bounds a share's tax
// is kept within. tests/ecommerce/refund-allocation.test.ts refunds real invoices.

const line = (id: string, amount: string, discount: string, tax: string, taxRate: string | null) => ({
  id,
  productId: `product-${id}`,
  unitPrice: amount,
  quantity: 1,
  amount,
  discount,
  tax,
  taxRate,
});

/** Shoes 19.99 and pencils 0.30, delivery 4.90, 19% on all, net: 29.98 (docs/shop-pricing.md "Refunds"). */
const NET: ChargedBreakdown = {
  lines: [line("shoes", "19.99", "0.00", "3.80", "19"), line("pencil", "0.30", "0.00", "0.06", "19")],
  subtotal: "20.29",
  discount: "0.00",
  shipping: "4.90",
  shippingTitle: { en: "Standard" },
  tax: "4.79",
  taxes: [{ id: "vat", title: { en: "VAT" }, rate: "19", amount: "4.79" }],
  taxIncluded: false,
  total: "29.98",
  appliedCodes: [],
};

const figures = (shares: Map<string, { amount: bigint; tax: bigint }>) =>
  Object.fromEntries([...shares].map(([key, s]) => [key, [s.amount, s.tax]]));

describe("the parts of an invoice", () => {
  it.each([
    {
      name: "net prices: each line's amount less discount plus its tax, delivery and its tax",
      breakdown: NET,
      parts: [
        { key: "shoes", charged: 2379n, tax: 380n },
        { key: "pencil", charged: 36n, tax: 6n },
        { key: DELIVERY, charged: 583n, tax: 93n },
      ],
    },
    {
      name: "gross prices, with a discount: the tax is inside",
      breakdown: {
        ...NET,
        lines: [line("shoes", "19.99", "2.00", "2.87", "19"), line("pencil", "0.30", "0.03", "0.04", "19")],
        discount: "2.03",
        tax: "3.69",
        taxIncluded: true,
        total: "23.16",
      },
      // 17.99 holds 2.87, 0.27 holds 0.04, 4.90 holds 0.78.
      parts: [
        { key: "shoes", charged: 1799n, tax: 287n },
        { key: "pencil", charged: 27n, tax: 4n },
        { key: DELIVERY, charged: 490n, tax: 78n },
      ],
    },
    {
      name: "a total the parts do not make: none, nothing is guessed",
      breakdown: { ...NET, total: "30.00" },
      parts: undefined,
    },
    {
      name: "gross prices, a tax larger than what holds it: none",
      breakdown: { ...NET, taxIncluded: true, tax: "40.00", total: "25.19" },
      parts: undefined,
    },
  ])("$name", ({ breakdown, parts }) => {
    const found = chargedParts(breakdown, 2);
    expect(found?.map(({ key, charged, tax }) => ({ key, charged, tax }))).toEqual(parts);
  });

  it("delivery's rate is the listed one that gives its tax; none fits: its share's tax is in proportion to its own", () => {
    const parts = chargedParts({ ...NET, taxes: [{ id: "vat", title: {}, rate: "20", amount: "4.79" }] }, 2)!;
    expect(parts.find((p) => p.key === DELIVERY)?.rate).toBeUndefined();
    // 1.94 of delivery's 5.83, which holds 0.93: 0.93 × 194 / 583 = 0.3094… → 0.31.
    const shares = shareRefund(parts, new Map(), 1000n);
    expect(figures(shares)[DELIVERY]).toEqual([194n, 31n]);
    const known = chargedParts(NET, 2)!;
    expect(known.find((p) => p.key === DELIVERY)?.rate).toEqual({ n: 19n, d: 1n });
  });
});

describe("sharing a refund", () => {
  const parts = chargedParts(NET, 2)!;

  it.each([
    {
      name: "a first refund: in proportion to what each was charged",
      before: {},
      units: 1000n,
      shares: { shoes: [794n, 127n], pencil: [12n, 2n], [DELIVERY]: [194n, 31n] },
    },
    {
      name: "after one: in proportion to what is left, emptying the parts exactly",
      before: { shoes: [794n, 127n], pencil: [12n, 2n], [DELIVERY]: [194n, 31n] },
      units: 1998n,
      shares: { shoes: [1585n, 253n], pencil: [24n, 4n], [DELIVERY]: [389n, 62n] },
    },
    {
      name: "a cent goes to the part with the largest remainder",
      before: {},
      units: 1n,
      shares: { shoes: [1n, 0n], pencil: [0n, 0n], [DELIVERY]: [0n, 0n] },
    },
  ])("$name", ({ before, units, shares }) => {
    const done = new Map(Object.entries(before).map(([k, [amount, tax]]) => [k, { amount: amount!, tax: tax! }]));
    const found = shareRefund(parts, done, units);
    expect(figures(found)).toEqual(shares);
    expect([...found.values()].reduce((sum, s) => sum + s.amount, 0n)).toBe(units);
  });

  it.each([
    // 0.50 holds 0.0798… → 0.08 at 19%, but only 0.01 of the part's tax is left: 0.01.
    { name: "never more than the tax left", left: { amount: 100n, tax: 1n }, units: 50n, tax: 1n },
    // 0.50 holds 0.08 at 19%, but only 0.05 of the part's net is left: 0.45 of it is tax.
    { name: "never more than the net left", left: { amount: 100n, tax: 95n }, units: 50n, tax: 45n },
  ])("a share's tax: $name", ({ left, units, tax }) => {
    const part: ChargedPart = { key: "odd", charged: 200n, tax: 100n, rate: { n: 19n, d: 1n } };
    const before = new Map([["odd", { amount: part.charged - left.amount, tax: part.tax - left.tax }]]);
    expect(shareRefund([part], before, units).get("odd")).toEqual({ amount: units, tax });
  });

  it("a refund with no allocation (the provider announced it) is shared out as one; allocations add up", () => {
    const first = allocationJson(shareRefund(parts, new Map(), 1000n), 2);
    expect(first).toEqual({
      lines: [
        { id: "shoes", amount: "7.94", tax: "1.27" },
        { id: "pencil", amount: "0.12", tax: "0.02" },
      ],
      delivery: { amount: "1.94", tax: "0.31" },
      tax: "1.60",
    });
    // 10.00 shared out, then the provider says all 29.98 came back: the other 19.98 is the rest of each part.
    const done = refundedParts(parts, [first], 2998n, 2);
    expect(figures(done)).toEqual({ shoes: [2379n, 380n], pencil: [36n, 6n], [DELIVERY]: [583n, 93n] });
    // A stored allocation read back from its JSON text (a driver may answer jsonb as text).
    expect(figures(refundedParts(parts, [JSON.stringify(first)], 1000n, 2))).toEqual({
      shoes: [794n, 127n],
      pencil: [12n, 2n],
      [DELIVERY]: [194n, 31n],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { BERLIN, clearRules, fill, pricingCatalogue, type PricingCatalogue } from "./pricing-fixture.js";
import { create, dummyCheckout, dummyWebhook, shopper } from "./shop-fixture.js";

// Partial refunds of an invoice with a breakdown (docs/shop-pricing.md "Refunds"), through the
// order desk on the real database: each refund is shared among the lines and delivery in
// proportion to what is left of each, exactly, with the tax inside each share worked out back at
// 19% (× 19/119, half-even per part); the share that empties a part gives back the tax left in it.
// The order: shoes 19.99 and pencils 3 × 0.10 = 0.30, Standard delivery 4.90, VAT 19% on both.

/** What one refund asks, and, where worked out by hand, what it gives back: [amount, tax] per part. */
interface Step {
  /** The amount asked; none: the whole amount left. */
  amount?: string;
  /** The status answered when it is refused (nothing is given back). */
  refused?: number;
  shoes?: [string, string];
  pencil?: [string, string];
  delivery?: [string, string];
  tax?: string;
}

interface Case {
  name: string;
  inclusive: boolean;
  /** The invoice: its total and tax, and what each part cost the buyer ([amount, tax]). */
  charged: {
    total: string;
    tax: string;
    shoes: [string, string];
    pencil: [string, string];
    delivery: [string, string];
  };
  steps: Step[];
}

// Net: 19.99 + 3.80 tax = 23.79, 0.30 + 0.06 = 0.36, 4.90 + 0.93 = 5.83; 29.98 in all.
const NET = {
  total: "29.98",
  tax: "4.79",
  shoes: ["23.79", "3.80"],
  pencil: ["0.36", "0.06"],
  delivery: ["5.83", "0.93"],
} as Case["charged"];
// Gross: the tax is inside: 19.99 holds 3.19, 0.30 holds 0.05, 4.90 holds 0.78; 25.19 in all.
const GROSS = {
  total: "25.19",
  tax: "4.02",
  shoes: ["19.99", "3.19"],
  pencil: ["0.30", "0.05"],
  delivery: ["4.90", "0.78"],
} as Case["charged"];

const CASES: Case[] = [
  {
    // 10.00 × 23.79/29.98 = 7.935… → 7.94 (the largest remainder takes the cent), × 0.36/29.98 = 0.120… → 0.12,
    // × 5.83/29.98 = 1.944… → 1.94; taxes 7.94 × 19/119 = 1.2677 → 1.27, 0.0192 → 0.02, 0.3097 → 0.31.
    name: "net prices: 10.00, then the rest",
    inclusive: false,
    charged: NET,
    steps: [
      { amount: "10.00", shoes: ["7.94", "1.27"], pencil: ["0.12", "0.02"], delivery: ["1.94", "0.31"], tax: "1.60" },
      // The rest empties every part: what is left of each, and of its tax (4.79 − 1.60 = 3.19).
      { shoes: ["15.85", "2.53"], pencil: ["0.24", "0.04"], delivery: ["3.89", "0.62"], tax: "3.19" },
    ],
  },
  {
    // 10.00 × 19.99/25.19 = 7.935… → 7.94, × 0.30/25.19 = 0.119… → 0.12, × 4.90/25.19 = 1.945… → 1.94.
    name: "gross prices: 10.00, then the rest",
    inclusive: true,
    charged: GROSS,
    steps: [
      { amount: "10.00", shoes: ["7.94", "1.27"], pencil: ["0.12", "0.02"], delivery: ["1.94", "0.31"], tax: "1.60" },
      { shoes: ["12.05", "1.92"], pencil: ["0.18", "0.03"], delivery: ["2.96", "0.47"], tax: "2.42" },
    ],
  },
  {
    // 2.41 × 23.79/29.98 = 1.912… → 1.91, × 0.36/29.98 = 0.0289… and × 5.83/29.98 = 0.4686… take the two cents
    // left: 0.03 and 0.47. The tax inside 1.91 is 0.30496… → 0.30, where the shoes' tax in proportion
    // (1.91 × 3.80/23.79 = 0.3050…) would say 0.31; inside 0.47 it is 0.07504… → 0.08 (in proportion 0.07).
    name: "net prices: 2.41, where the tax inside a share is not the part's tax in proportion",
    inclusive: false,
    charged: NET,
    steps: [
      { amount: "2.41", shoes: ["1.91", "0.30"], pencil: ["0.03", "0.00"], delivery: ["0.47", "0.08"], tax: "0.38" },
      {},
    ],
  },
  {
    // 2.09 × 19.99/25.19 = 1.658… → 1.66, × 0.30/25.19 = 0.0248… → 0.02, × 4.90/25.19 = 0.4065… → 0.41;
    // inside 1.66: 0.26504… → 0.27 (in proportion, 1.66 × 3.19/19.99 = 0.2649… → 0.26).
    name: "gross prices: 2.09, where the tax inside a share is not the part's tax in proportion",
    inclusive: true,
    charged: GROSS,
    steps: [
      { amount: "2.09", shoes: ["1.66", "0.27"], pencil: ["0.02", "0.00"], delivery: ["0.41", "0.07"], tax: "0.34" },
      {},
    ],
  },
  {
    name: "net prices: 20.00, then 10.00 is more than the 9.98 left and refused, then 9.98",
    inclusive: false,
    charged: NET,
    steps: [
      { amount: "20.00" },
      { amount: "10.00", refused: 400 },
      { amount: "9.98" },
      { amount: "0.01", refused: 409 },
    ],
  },
  {
    name: "gross prices: pieces of every size, down to a cent, then the rest",
    inclusive: true,
    charged: GROSS,
    steps: [{ amount: "0.01" }, { amount: "3.33" }, { amount: "12.34" }, { amount: "0.02" }, {}],
  },
  {
    name: "net prices: a refund of all but a cent, then the cent",
    inclusive: false,
    charged: NET,
    steps: [{ amount: "29.97" }, { amount: "0.01" }],
  },
];

const units = (amount: string) => BigInt(amount.replace(".", ""));
const money = (value: bigint) => {
  const digits = value.toString().padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
/** n / d rounded half to even, as the shop rounds tax. */
const halfEven = (n: bigint, d: bigint) => {
  const q = n / d;
  const twice = (n % d) * 2n;
  return twice > d || (twice === d && q % 2n === 1n) ? q + 1n : q;
};

for (const inclusive of [false, true]) {
  describe(`partial refunds shared out among an invoice's parts (${inclusive ? "gross" : "net"} prices), on ${testDialect}`, () => {
    let t: TestApp;
    let c: PricingCatalogue;

    beforeAll(async () => {
      t = await createTestApp({ pricesIncludeTax: inclusive });
      c = await pricingCatalogue(t);
      await clearRules(t);
      await create(t, "ecommerce/shipping-rates", {
        title: { en: "Standard", ru: "Стандарт" },
        countries: ["DE"],
        currencyId: c.usd.id,
        amount: "4.90",
      });
      await create(t, "ecommerce/tax-rates", { title: { en: "VAT" }, country: "DE", rate: "19", taxShipping: true });
    });
    afterAll(() => t?.close());

    it("a sharing made before another refund completed is not stored: a 409, and asked again it is shared out anew", async () => {
      const email = `stale-${inclusive}@example.com`;
      const buyer = await shopper(t, email);
      const orderIds = await fill(buyer, [[c.shoes, 1]]);
      const { pay } = await dummyCheckout(t, buyer, orderIds, c.usd.id, email, { shippingAddress: BERLIN });
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      const url = `/api/ecommerce/orders/${orderIds[0]}`;
      const invoiceId = (await t.request({ method: "GET", url: `${url}/desk` })).body.data.invoice.id;
      const stale = (await t.request({ method: "GET", url: `${url}/refund-allocation?amount=5.00` })).body.data;
      expect(stale.allocation).not.toBeNull();
      const first = await t.request({ method: "POST", url: `${url}/refund`, payload: { data: { amount: "1.00" } } });
      expect(first.status).toBe(200);
      await expect(
        t.app.payments.refunds.refund({
          invoiceId,
          amount: "5.00",
          allocation: { amount: "5.00", after: "0.00", parts: stale.allocation },
        }),
      ).rejects.toMatchObject({ code: "CONFLICT", status: 409 });
      const again = await t.request({ method: "POST", url: `${url}/refund`, payload: { data: { amount: "5.00" } } });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.order.refunded).toBe("6.00");
      // Both refunds' taxes, and nothing of the refused one.
      const taxes = [first, again].map((r) => units(r.body.data.refund.allocation.tax));
      expect(again.body.data.order.pricing.refunded.tax).toBe(money(taxes[0]! + taxes[1]!));
    });

    for (const k of CASES.filter((k) => k.inclusive === inclusive)) {
      it(k.name, async () => {
        const email = `${k.name.replace(/\W+/g, "-").slice(0, 40)}@example.com`;
        const buyer = await shopper(t, email);
        const orderIds = await fill(buyer, [
          [c.shoes, 1],
          [c.pencil, 3],
        ]);
        const { pay } = await dummyCheckout(t, buyer, orderIds, c.usd.id, email, { shippingAddress: BERLIN });
        expect((await dummyWebhook(t, pay)).status).toBe(200);
        const orderId = orderIds[0]!;
        const desk = async () =>
          (await t.request({ method: "GET", url: `/api/ecommerce/orders/${orderId}/desk` })).body.data;
        const first = await desk();
        expect(first.pricing).toMatchObject({ total: k.charged.total, tax: k.charged.tax, taxIncluded: inclusive });
        const [shoesLine, pencilLine] = first.pricing.lines.map((l: any) => l.id);
        const part = (allocation: any, key: "shoes" | "pencil" | "delivery") =>
          key === "delivery"
            ? allocation.delivery
            : allocation.lines.find((l: any) => l.id === (key === "shoes" ? shoesLine : pencilLine));
        const given = { shoes: [0n, 0n], pencil: [0n, 0n], delivery: [0n, 0n] };
        let refunded = 0n;

        for (const step of k.steps) {
          const asked = step.amount === undefined ? {} : { amount: step.amount };
          const preview = await t.request({
            method: "GET",
            url: `/api/ecommerce/orders/${orderId}/refund-allocation${step.amount ? `?amount=${step.amount}` : ""}`,
          });
          expect(preview.status).toBe(200);
          const answer = await t.request({
            method: "POST",
            url: `/api/ecommerce/orders/${orderId}/refund`,
            payload: { data: asked },
          });
          if (step.refused) {
            expect(answer.status, JSON.stringify(answer.body)).toBe(step.refused);
            expect(preview.body.data.allocation).toBeNull();
            continue;
          }
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          const { refund } = answer.body.data;
          const allocation = refund.allocation;
          // What the dialog was shown is what the refund stored.
          expect(preview.body.data.allocation).toEqual(allocation);
          const stored = await t.database.db
            .selectFrom(t.app.registry.get("billing/refunds").table)
            .select(["allocation"])
            .where("id", "=", refund.id)
            .executeTakeFirstOrThrow();
          expect(stored.allocation).toEqual(allocation);

          // The shares add up to the refund, their taxes to its tax.
          const amount = units(refund.amount);
          let shares = 0n;
          let taxes = 0n;
          for (const key of ["shoes", "pencil", "delivery"] as const) {
            const share = part(allocation, key);
            const [charged, chargedTax] = k.charged[key].map(units) as [bigint, bigint];
            const [a, x] = [units(share.amount), units(share.tax)];
            shares += a;
            taxes += x;
            given[key][0]! += a;
            given[key][1]! += x;
            // Never more than a part was charged; the share that empties it gives back exactly its tax.
            expect(given[key][0]).toBeLessThanOrEqual(charged);
            if (given[key][0] === charged) expect(given[key][1]).toBe(chargedTax);
            else expect(x, `${key}'s tax in ${share.amount}`).toBe(halfEven(a * 19n, 119n));
            if (step[key]) expect([share.amount, share.tax], key).toEqual(step[key]);
          }
          expect(shares).toBe(amount);
          expect(units(allocation.tax)).toBe(taxes);
          if (step.tax) expect(allocation.tax).toBe(step.tax);
          refunded += amount;

          // The desk shows what was given back of each line, of delivery and of the tax.
          const page = await desk();
          expect(page.refunded).toBe(money(refunded));
          expect(page.pricing.lines.map((l: any) => l.refunded)).toEqual([
            money(given.shoes[0]!),
            money(given.pencil[0]!),
          ]);
          expect(page.pricing.refunded).toEqual({
            delivery: money(given.delivery[0]!),
            tax: money(given.shoes[1]! + given.pencil[1]! + given.delivery[1]!),
          });
        }

        // All given back, or what is left is still left: never more than the invoice charged.
        const last = await desk();
        expect(units(last.refunded)).toBeLessThanOrEqual(units(k.charged.total));
        if (last.refunded === k.charged.total) {
          expect(last.invoice.status).toBe("refunded");
          expect(last.pricing.lines.map((l: any) => l.refunded)).toEqual([k.charged.shoes[0], k.charged.pencil[0]]);
          expect(last.pricing.refunded).toEqual({ delivery: k.charged.delivery[0], tax: k.charged.tax });
        }
      });
    }
  });
}

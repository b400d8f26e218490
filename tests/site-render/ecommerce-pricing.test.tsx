import { AddedAtCheckout } from "../../web/site/modules/ecommerce/cart/added-at-checkout.js";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { Language, Row, ShopFacts } from "../../common/site/page-data.js";
import { OrderHistoryDefault } from "../../web/site/modules/ecommerce/orders/order-history-default.js";
import { discountRefusalText, type DiscountRefusal } from "../../common/shop/discount-reasons.js";
import { DiscountCodeField } from "../../web/site/modules/ecommerce/checkout/discount-code-field.js";
import { PriceBreakdown } from "../../web/site/modules/ecommerce/checkout/price-breakdown.js";
import { ShippingChoice } from "../../web/site/modules/ecommerce/checkout/shipping-choice.js";
import type { Pricing } from "../../web/site/modules/ecommerce/checkout/use-pricing.js";
import type { Quote } from "../../web/site/modules/ecommerce/helpers/quote.js";
import { PriceTag } from "../../web/site/modules/ecommerce/products/price-tag.js";
import { SiteProviders } from "../../web/site/render/site-app.js";
import { siteVariants } from "../../web/site/variants.js";
import { PageBuilder, textOf } from "./fixtures.js";

// The checkout's pricing parts (docs/shop.md, "The buyer's side of pricing") as the server renders
// them, in both languages: the breakdown hides what a shop without rules does not have, shows the
// tax as added or as inside the total, the deliveries as choices, each code's verdict, and the
// note beside a price only when the page's shop facts say the shop has tax rates.

const usd = { id: "c-usd", slug: "usd", symbol: "$", decimals: 2, isDefault: true };
const eur = { id: "c-eur", slug: "eur", symbol: "€", decimals: 2, isDefault: false };
const TOTALS = [
  { total: "40.28", billingModuleCurrency: usd },
  { total: "36.50", billingModuleCurrency: eur },
];
const STANDARD = { id: "r-standard", title: { en: "Standard", ru: "Стандартная" }, amount: "4.90" };
const EXPRESS = { id: "r-express", title: { en: "Express", ru: "Экспресс" }, amount: "9.90" };
const VAT = { id: "t-vat", title: { en: "VAT", ru: "НДС" }, rate: "19.00", amount: "7.66" };

const quote = (over: Partial<Quote> = {}): Quote => ({
  lines: [],
  subtotal: "40.28",
  discount: "0.00",
  shipping: "0.00",
  tax: "0.00",
  total: "40.28",
  taxIncluded: false,
  taxes: [],
  currency: usd,
  shippingOptions: [],
  shippingRateId: null,
  appliedCodes: [],
  refusedCodes: [],
  problem: null,
  ...over,
});

const pricing = (over: Partial<Pricing> = {}): Pricing => ({
  quote: undefined,
  pending: false,
  codes: [],
  verdict: () => ({ applied: false }),
  addCode: () => {},
  removeCode: () => {},
  shippingRateId: undefined,
  chooseRate: () => {},
  problem: undefined,
  choices: () => ({}),
  ...over,
});

function render(node: ReactNode, language: Language = "en", shop?: ShopFacts) {
  const page = new PageBuilder({ language });
  if (shop) page.data.shop = shop;
  const html = renderToString(
    <SiteProviders data={page.data} variants={siteVariants}>
      {node}
    </SiteProviders>,
  );
  return { html, text: textOf(html) };
}

describe("the price breakdown", () => {
  test("a quote with nothing beside its total (no rules), or no quote: the totals per currency, as before", () => {
    for (const q of [undefined, quote()]) {
      const { html, text } = render(<PriceBreakdown quote={q} totals={TOTALS} pending={false} />);
      expect(text).toBe("Total $40.28 €36.50");
      expect(html).not.toContain("data-breakdown");
    }
  });

  test.each([
    ["en", "Subtotal $40.28 Discount (SPRING10) −$4.03 Delivery (Standard) $4.90 Tax $7.66 Total $48.81"],
    ["ru", "Товары $40.28 Скидка (SPRING10) −$4.03 Доставка (Стандартная) $4.90 Налог $7.66 Итого $48.81"],
  ] as [Language, string][])(
    "net prices (%s): the goods, the code's discount, the delivery, the tax added, the total",
    (language, shown) => {
      const q = quote({
        discount: "4.03",
        shipping: "4.90",
        tax: "7.66",
        total: "48.81",
        taxes: [VAT],
        shippingOptions: [STANDARD, EXPRESS],
        shippingRateId: STANDARD.id,
        appliedCodes: ["SPRING10"],
      });
      const { html, text } = render(<PriceBreakdown quote={q} totals={TOTALS} pending={false} />, language);
      expect(text).toBe(shown);
      expect(html).toContain('data-breakdown="discount" data-amount="4.03"');
      expect(html).toContain('data-total="48.81"');
    },
  );

  test.each([
    ["en", "Subtotal $19.99 Delivery (Standard) Free Total $19.99 incl. VAT 19% $3.19"],
    ["ru", "Товары $19.99 Доставка (Стандартная) Бесплатно Итого $19.99 в т. ч. НДС 19% $3.19"],
  ] as [Language, string][])(
    "gross prices (%s): the tax inside is said under the total, never added",
    (language, shown) => {
      const q = quote({
        subtotal: "19.99",
        tax: "3.19",
        total: "19.99",
        taxIncluded: true,
        taxes: [{ ...VAT, amount: "3.19" }],
        shippingOptions: [{ ...STANDARD, amount: "0.00" }],
        shippingRateId: STANDARD.id,
      });
      expect(render(<PriceBreakdown quote={q} totals={TOTALS} pending={false} />, language).text).toBe(shown);
    },
  );
});

describe("the delivery choice", () => {
  test("the country's options as radio cards with their prices, the chosen one checked", () => {
    const q = quote({ shippingOptions: [STANDARD, EXPRESS], shippingRateId: STANDARD.id });
    const { html, text } = render(<ShippingChoice pricing={pricing({ quote: q, shippingRateId: EXPRESS.id })} />, "ru");
    expect(text).toBe("Способ доставки Стандартная $4.90 Экспресс $9.90");
    expect(html.match(/role="radio"/g)).toHaveLength(2);
    expect(html).toMatch(
      /aria-checked="true"[^>]*data-shipping-option="r-express"|data-shipping-option="r-express"[^>]*aria-checked="true"/,
    );
  });

  test("nothing to choose (nothing ships, or no rules): nothing shown", () => {
    expect(render(<ShippingChoice pricing={pricing({ quote: quote() })} />).text).toBe("");
  });

  test.each([
    ["en", "We do not deliver to France. Choose another country to check out."],
    ["ru", "Доставка в эту страну (Франция) недоступна. Выберите другую страну, чтобы оформить заказ."],
  ] as [Language, string][])("no delivery to the country (%s): said instead of the options", (language, shown) => {
    const problem = { kind: "no-shipping-rate" as const, country: "FR" };
    const { html, text } = render(
      <ShippingChoice pricing={pricing({ quote: quote({ problem }), problem })} />,
      language,
    );
    expect(text).toBe(shown);
    expect(html).toContain('role="alert"');
  });
});

describe("the discount code field", () => {
  test("not offered while the shop has no active code", () => {
    expect(
      render(<DiscountCodeField pricing={pricing()} />, "en", { discountCodes: false, delivery: false }).text,
    ).toBe("");
  });

  test.each([
    ["en", "Discount code Apply Code SPRING10 applied old: This code has expired."],
    ["ru", "Промокод Применить Промокод SPRING10 применён old: Срок действия промокода истёк."],
  ] as [Language, string][])("each code's verdict (%s): applied, or why not", (language, shown) => {
    const verdict = (code: string) => (code === "spring10" ? { applied: true } : { applied: false, reason: "expired" });
    const field = <DiscountCodeField pricing={pricing({ codes: ["spring10", "old"], verdict })} />;
    const { html, text } = render(field, language, { discountCodes: true, delivery: false });
    expect(text).toBe(shown);
    expect(html).toContain('data-code-state="applied"');
    expect(html).toContain('data-code-state="refused"');
  });

  test("every refusal reason has its text in each language; one the table does not know reads as unknown", () => {
    const reasons: DiscountRefusal[] = [
      "unknown",
      "inactive",
      "not-started",
      "expired",
      "used-up",
      "already-used",
      "currency",
      "min-subtotal",
      "not-applicable",
      "not-combinable",
      "repeated",
    ];
    for (const language of ["en", "ru"] as Language[]) {
      const texts = reasons.map((reason) => discountRefusalText(reason, language));
      expect(new Set(texts).size).toBe(reasons.length);
    }
    expect(discountRefusalText("something-new", "ru")).toBe(discountRefusalText("unknown", "ru"));
  });
});

describe("the tax note beside a price", () => {
  const price = { attributeId: "a1", amount: "24.50", label: "$24.50", currency: usd };
  test.each([
    [undefined, "en", "$24.50"],
    [{ discountCodes: false, delivery: false }, "en", "$24.50"],
    [{ discountCodes: false, delivery: false, pricesTax: "added" }, "en", "$24.50 + tax"],
    [{ discountCodes: false, delivery: false, pricesTax: "added" }, "ru", "$24.50 + налог"],
    [{ discountCodes: false, delivery: false, pricesTax: "included" }, "en", "$24.50 incl. VAT"],
    [{ discountCodes: false, delivery: false, pricesTax: "included" }, "ru", "$24.50 вкл. НДС"],
  ] as [ShopFacts | undefined, Language, string][])("facts %j (%s): %s", (facts, language, shown) => {
    expect(render(<PriceTag price={price} />, language, facts).text).toBe(shown);
  });
});

describe("the cart's note of what the checkout adds", () => {
  test.each([
    [undefined, "en", ""],
    [{ discountCodes: true, delivery: false }, "en", ""],
    [{ discountCodes: false, delivery: false, pricesTax: "included" }, "en", ""],
    [{ discountCodes: false, delivery: true, pricesTax: "included" }, "en", "Delivery is added at checkout."],
    [{ discountCodes: false, delivery: false, pricesTax: "added" }, "ru", "Налог добавляется при оформлении заказа."],
    [{ discountCodes: false, delivery: true, pricesTax: "added" }, "en", "Delivery and tax are added at checkout."],
    [
      { discountCodes: false, delivery: true, pricesTax: "added" },
      "ru",
      "Доставка и налог добавляются при оформлении заказа.",
    ],
  ] as [ShopFacts | undefined, Language, string][])("facts %j (%s): %s", (facts, language, shown) => {
    expect(render(<AddedAtCheckout />, language, facts).text).toBe(shown);
  });
});

describe("a past order's card: what its payment charged", () => {
  const past = (charged?: Record<string, unknown>) =>
    ({
      id: "a4cafc87-0000-4000-8000-000000000001",
      type: "history",
      status: "approving",
      ordersToProducts: [{ id: "l1", productId: "p1", quantity: 1, title: { en: "Mug", ru: "Кружка" } }],
      total: [{ total: "24.50", billingModuleCurrency: usd }],
      ...(charged ? { charged } : {}),
    }) as unknown as Row;
  test.each([
    [undefined, "en", "$24.50", ""],
    [{ total: "36.14", billingModuleCurrency: usd, orders: [past().id] }, "en", "$36.14", ""],
    [
      { total: "52.09", billingModuleCurrency: usd, orders: [past().id, "0bb0e5e1-0000-4000-8000-000000000002"] },
      "en",
      "$52.09",
      "One payment with order 0bb0e5e1",
    ],
    [
      {
        total: "52.09",
        billingModuleCurrency: usd,
        orders: ["0bb0e5e1-0000-4000-8000-000000000002", past().id, "7c7c7c7c-0000-4000-8000-000000000003"],
      },
      "ru",
      "$52.09",
      "Одна оплата с заказами 0bb0e5e1, 7c7c7c7c",
    ],
  ] as [Record<string, unknown> | undefined, Language, string, string][])(
    "charged %j (%s): %s %s",
    (charged, language, total, together) => {
      const { html, text } = render(<OrderHistoryDefault record={past(charged)} />, language);
      expect(text).toContain(total);
      if (charged) expect(html).toContain(`data-order-total="${charged.total}"`);
      if (together) expect(text).toContain(together);
      else expect(html).not.toContain("data-paid-with");
    },
  );
});

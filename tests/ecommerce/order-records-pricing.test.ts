import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../../server/config.js";
import { ShopImageData } from "../../server/modules/ecommerce/shop-image-data.js";
import { OrderReceipt } from "../../server/modules/file-storage/index.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { SmtpPeer, textBody } from "../notification/smtp-peer.js";
import { BERLIN, clearRules, fill, pricingCatalogue, type PricingCatalogue } from "./pricing-fixture.js";
import { create, dummyCheckout, dummyWebhook, shopper } from "./shop-fixture.js";

const NBSP = "\u00a0";
const PUBLIC_URL = "https://shop.example.com";
const OWNER = "owner@example.com";
const bodyOf = (raw: string) => textBody(raw).replace(/\r\n/g, "\n");

// The owner's and the buyer's records of an order show what its invoice charged (docs/shop.md
// "The order desk", docs/shop-pricing.md): an order checked out with a code, delivery and tax, then
// paid; the desk's page, the buyer's paid mail, the owner's mail and the receipt each show its
// subtotal, discount with the code, delivery with its option, tax per rate and total, figures
// worked out by hand below. Shoes 2 × 19.99 and pencils 3 × 0.10; SPRING10 takes 10% of each line
// (4.00 and 0.03, half-even); Standard delivery 4.90 to Berlin.
const CASES = [
  {
    name: "net prices, an English buyer: 19% added to the lines",
    inclusive: false,
    language: "en",
    taxShipping: false,
    // 35.98 × 19% = 6.8362 → 6.84; 0.27 × 19% = 0.0513 → 0.05; delivery untaxed.
    lines: [
      { discount: "4.00", tax: "6.84" },
      { discount: "0.03", tax: "0.05" },
    ],
    pricing: { subtotal: "40.28", discount: "4.03", shipping: "4.90", tax: "6.89", total: "48.04" },
    mail: [
      "Subtotal: $40.28",
      "Discount (SPRING10): −$4.03",
      "Delivery (Standard): $4.90",
      "VAT 19%: $6.89",
      "Total: $48.04",
    ],
    receipt: ["Subtotal", "Discount (SPRING10)", "Delivery (Standard)", "VAT 19%", "$48.04"],
  },
  {
    name: "gross prices, a Russian buyer: 19% inside the lines and the taxed delivery",
    inclusive: true,
    language: "ru",
    taxShipping: true,
    // 35.98 × 19/119 = 5.7447 → 5.74; 0.27 × 19/119 = 0.0431 → 0.04; 4.90 × 19/119 = 0.7824 → 0.78.
    lines: [
      { discount: "4.00", tax: "5.74" },
      { discount: "0.03", tax: "0.04" },
    ],
    pricing: { subtotal: "40.28", discount: "4.03", shipping: "4.90", tax: "6.56", total: "41.15" },
    mail: [
      "Сумма товаров: $40.28",
      "Скидка (SPRING10): −$4.03",
      "Доставка (Стандарт): $4.90",
      `в т. ч. НДС 19${NBSP}%: $6.56`,
      "Итого: $41.15",
    ],
    receipt: ["Сумма товаров", "Скидка (SPRING10)", "Доставка (Стандарт)", `в т. ч. НДС 19${NBSP}%`, "$41.15"],
  },
] as const;

/** The owner's mail, in SHOP_OWNER_LANGUAGE (English here): amounts with the currency's code. */
const OWNER_ROWS = {
  false: ["Discount (SPRING10): −4.03 USD", "Delivery (Standard): 4.90 USD", "VAT 19%: 6.89 USD", "Total: 48.04 USD"],
  true: [
    "Discount (SPRING10): −4.03 USD",
    "Delivery (Standard): 4.90 USD",
    "incl. VAT 19%: 6.56 USD",
    "Total: 41.15 USD",
  ],
};

for (const k of CASES) {
  describe(`an order's records show its invoice's figures (${k.inclusive ? "gross" : "net"} prices), on ${testDialect}`, () => {
    const smtp = new SmtpPeer();
    let t: TestApp;
    let c: PricingCatalogue;

    beforeAll(async () => {
      await smtp.start();
      t = await createTestApp({
        pricesIncludeTax: k.inclusive,
        smtpUrl: smtp.url,
        publicUrl: PUBLIC_URL,
        shopOwner: { emails: [OWNER], language: "en" },
        notifications: { ...configFromEnv({}).notifications, pollMs: 0, retryBaseMs: 50 },
      });
      c = await pricingCatalogue(t);
      await clearRules(t);
      await create(t, "ecommerce/shipping-rates", {
        title: { en: "Standard", ru: "Стандарт" },
        countries: ["DE"],
        currencyId: c.usd.id,
        amount: "4.90",
      });
      await create(t, "ecommerce/tax-rates", {
        title: { en: "VAT", ru: "НДС" },
        country: "DE",
        rate: "19",
        taxShipping: k.taxShipping,
      });
      await create(t, "ecommerce/discount-codes", { code: "SPRING10", kind: "percent", value: "10" });
    });
    afterAll(async () => {
      await t?.close();
      await smtp.stop();
    });

    /**
     * The buyer (in the case's language) checks out shoes and pencils with the code and pays: the
     * ids of the two cart orders (one a product), charged together by one invoice.
     */
    const paidOrder = async (email: string) => {
      const buyer = await shopper(t, email);
      const language = await t.request({
        method: "PATCH",
        url: `/api/rbac/subjects/${buyer.subjectId}`,
        payload: { data: { language: k.language } },
      });
      expect(language.status).toBe(200);
      const orderIds = await fill(buyer, [
        [c.shoes, 2],
        [c.pencil, 3],
      ]);
      expect(orderIds).toHaveLength(2);
      const { pay } = await dummyCheckout(t, buyer, orderIds, c.usd.id, email, {
        shippingAddress: BERLIN,
        discountCodes: ["spring10"],
      });
      expect((await dummyWebhook(t, pay)).status).toBe(200);
      await t.app.notifications.flush();
      return orderIds;
    };
    const deskOf = async (orderId: string, language: string) => {
      const page = await t.request({
        method: "GET",
        url: `/api/ecommerce/orders/${orderId}/desk?language=${language}`,
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      return page.body.data;
    };

    it(`${k.name}: the desk's page shows each line's discount and tax, and the invoice's subtotal, discount, delivery, tax and total`, async () => {
      const [shoesOrder, pencilOrder] = await paidOrder(`desk-${k.language}@example.com`);
      const desk = await deskOf(shoesOrder!, k.language);
      const invoice = (await t.request({ method: "GET", url: `/api/billing/invoices/${desk.invoice.id}` })).body.data;
      const b = invoice.breakdown;
      // The hand-worked figures, and they are the invoice's.
      expect(desk.pricing).toMatchObject({ ...k.pricing, codes: ["SPRING10"], taxIncluded: k.inclusive });
      expect(desk.pricing).toMatchObject({
        subtotal: b.subtotal,
        discount: b.discount,
        shipping: b.shipping,
        tax: b.tax,
        total: b.total,
        codes: b.appliedCodes,
        taxes: b.taxes.map((x: any) => ({ rate: x.rate, amount: x.amount })),
      });
      expect(desk.total).toBe(invoice.amount);
      expect(desk.pricing.shippingTitle).toBe(k.language === "ru" ? "Стандарт" : "Standard");
      expect(desk.pricing.taxes).toEqual([
        { title: k.language === "ru" ? "НДС" : "VAT", rate: "19", amount: k.pricing.tax },
      ]);
      expect(desk.pricing.refunded).toEqual({ delivery: "0.00", tax: "0.00" });
      // Every line the invoice charged: this order's shoes, then the pencils checked out with them.
      expect(desk.pricing.lines).toEqual(
        k.lines.map((line, i) => ({
          id: b.lines.find((l: any) => l.productId === [c.shoes.id, c.pencil.id][i]).id,
          title: ["Shoes", "Pencil"][i],
          quantity: [2, 3][i],
          otherOrder: [null, pencilOrder!.slice(0, 8)][i],
          unitPrice: ["19.99", "0.10"][i],
          amount: ["39.98", "0.30"][i],
          ...line,
          taxRate: "19",
          refunded: "0.00",
        })),
      );
      for (const line of desk.pricing.lines) {
        const charged = b.lines.find((l: any) => l.id === line.id);
        expect(line).toMatchObject({ discount: charged.discount, tax: charged.tax, amount: charged.amount });
      }
      // The pencils' own page shows the same invoice, its line first.
      const other = await deskOf(pencilOrder!, k.language);
      expect(other.pricing.lines.map((l: any) => [l.title, l.otherOrder])).toEqual([
        ["Pencil", null],
        ["Shoes", shoesOrder!.slice(0, 8)],
      ]);
      expect(other.pricing.total).toBe(k.pricing.total);
      // The list stays as it was: one query a page, no pricing.
      const listed = (await t.request({ method: "GET", url: `/api/ecommerce/orders/desk?search=${desk.number}` })).body
        .data.rows[0];
      expect(listed.pricing).toBeUndefined();
    });

    it(`${k.name}: the buyer's paid mail, the owner's mail and the receipt show the same rows`, async () => {
      const email = `mail-${k.language}@example.com`;
      const [orderId] = (await paidOrder(email)) as [string];
      const paidWord = k.language === "ru" ? "Оплачен" : "Paid";
      const paid = smtp.received.filter(
        (m) => m.to.includes(email) && m.subject.includes(orderId.slice(0, 8)) && m.subject.includes(paidWord),
      );
      expect(paid).toHaveLength(1);
      const buyerText = bodyOf(paid[0]!.raw);
      // One row under another, in this order, then the total.
      expect(buyerText).toContain(k.mail.join("\n"));

      const owner = smtp.received.find((m) => m.to.includes(OWNER) && m.subject.includes(orderId.slice(0, 8)))!;
      const ownerText = bodyOf(owner.raw);
      for (const row of OWNER_ROWS[`${k.inclusive}`]) expect(ownerText).toContain(row);
      expect(owner.subject).toContain(k.pricing.total);

      const data = new ShopImageData(t.app, t.app.shop.orders, PUBLIC_URL);
      const order = (await t.request({ method: "GET", url: `/api/ecommerce/orders/${orderId}` })).body.data;
      expect(order.receipt).toMatch(/^\/public\/files\//);
      const receipt = await data.receipt(order, k.language);
      expect(receipt.total).toBe(k.pricing.total);
      // The receipt of what was paid: both lines of the checkout as charged, this order's first.
      expect(receipt.lines).toEqual([
        { title: "Shoes", quantity: 2, price: "19.99", amount: "39.98" },
        { title: "Pencil", quantity: 3, price: "0.10", amount: "0.30" },
      ]);
      expect(receipt.rows?.map((r) => `${r.label}: ${r.minus ? "−" : ""}$${r.amount}`)).toEqual(k.mail.slice(0, -1));
      // The image's template draws them: its markup has each row's words and the total.
      const drawn = renderToStaticMarkup(createElement(OrderReceipt, receipt));
      for (const words of k.receipt) expect(drawn).toContain(words.replace(/&/g, "&amp;"));
    });

    it(`${k.name}: an invoice without a breakdown (from before) shows what it showed before`, async () => {
      const email = `old-${k.language}@example.com`;
      const [orderId] = (await paidOrder(email)) as [string];
      const before = await deskOf(orderId, k.language);
      const patched = await t.request({
        method: "PATCH",
        url: `/api/billing/invoices/${before.invoice.id}`,
        payload: { data: { breakdown: null } },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const desk = await deskOf(orderId, k.language);
      expect(desk.pricing).toBeNull();
      expect(desk.lines).toEqual([{ title: "Shoes", quantity: 2 }]);
      expect(desk.total).toBe(k.pricing.total);
      const data = new ShopImageData(t.app, t.app.shop.orders, PUBLIC_URL);
      const order = (await t.request({ method: "GET", url: `/api/ecommerce/orders/${orderId}` })).body.data;
      const receipt = await data.receipt(order, k.language);
      expect(receipt.rows).toBeUndefined();
      // The order's own lines and their sum as bought, as receipts said before breakdowns.
      expect(receipt.lines).toEqual([{ title: "Shoes", quantity: 2, price: "19.99", amount: "39.98" }]);
      expect(receipt.total).toBe("39.98");
      const preview = await t.request({ method: "GET", url: `/api/ecommerce/orders/${orderId}/refund-allocation` });
      expect(preview.body.data).toEqual({ allocation: null });
      const refund = await t.request({
        method: "POST",
        url: `/api/ecommerce/orders/${orderId}/refund`,
        payload: { data: { amount: "1.00" } },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(refund.body.data.refund.allocation).toBeNull();
      expect(refund.body.data.order).toMatchObject({ refunded: "1.00", pricing: null });
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageData } from "../../common/site/page-data.js";
import { createTestApp, testDialect } from "../helpers/test-app.js";

// The shop's facts on the demo's pages (server/modules/ecommerce/shop-page-facts.ts): a price says
// "+ tax" or "incl. VAT" beside it once the shop has a tax rate, never before; the cart page knows
// whether a discount code or a shipping rate exists. Read once per page (three one-row reads, whatever the number of
// products), not at all on a page showing nothing of the shop, and a new rate or code reaches the
// cached pages at once.

const TAX = { title: { en: "VAT", ru: "НДС" }, country: "DE", rate: "19", taxShipping: false };

async function demo(pricesIncludeTax: boolean) {
  const t = await createTestApp({ seedDemoContent: true, pricesIncludeTax });
  const html = async (path: string) => (await t.app.inject({ method: "GET", url: path })).body as string;
  const load = async (path: string): Promise<{ data: PageData; queries: number }> => {
    const resolved = await t.app.site.hostPages.resolve(path);
    if (!resolved) throw new Error(`no page at ${path}`);
    const before = t.database.queryCount();
    const { data } = await t.app.site.loader.load(resolved, "host/pages", "en", path);
    return { data, queries: t.database.queryCount() - before };
  };
  const create = async (model: string, data: Record<string, unknown>) => {
    const { status, body } = await t.request({ method: "POST", url: `/api/${model}`, payload: { data } });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  };
  return { t, html, load, create };
}

describe(`the shop's facts on its pages (${testDialect})`, () => {
  let net: Awaited<ReturnType<typeof demo>>;

  beforeAll(async () => {
    net = await demo(false);
  });
  afterAll(() => net?.t.close());

  it("says nothing of tax while the shop has no tax rate, and nothing at all on a page without the shop", async () => {
    const products = await net.html("/products");
    expect(products).toContain("data-price=");
    expect(products).not.toContain("data-price-tax");
    expect(products).not.toContain("+ tax");
    expect((await net.load("/products")).data.shop).toEqual({ discountCodes: false, delivery: false });
    expect((await net.load("/cart")).data.shop).toEqual({ discountCodes: false, delivery: false });
    expect((await net.load("/blog")).data.shop).toBeUndefined();
  });

  it("says '+ tax' beside every price once a tax rate exists, on the cached pages at once, in each language", async () => {
    await net.html("/products");
    await net.html("/ru/products");
    await net.html("/ecommerce/products/ceramic-mug");
    await net.create("ecommerce/tax-rates", TAX);
    const products = await net.html("/products");
    const prices = products.match(/data-price="/g)?.length ?? 0;
    expect(prices).toBeGreaterThan(1);
    expect(products.match(/data-price-tax="added"/g)?.length).toBe(prices);
    expect(products).toContain("+ tax");
    expect(await net.html("/ru/products")).toContain("+ налог");
    expect(await net.html("/ecommerce/products/ceramic-mug")).toContain('data-price-tax="added"');
    expect((await net.load("/products")).data.shop).toEqual({
      pricesTax: "added",
      discountCodes: false,
      delivery: false,
    });
  });

  it("tells the cart whether the shop delivers at a price, on the cached pages at once", async () => {
    expect((await net.load("/cart")).data.shop?.delivery).toBe(false);
    await net.html("/cart");
    const currencies = await net.t.request({ method: "GET", url: "/api/billing/currencies?limit=1" });
    const currencyId = currencies.body.data[0].id;
    await net.create("ecommerce/shipping-rates", { title: { en: "Post" }, countries: [], currencyId, amount: "4.90" });
    expect((await net.load("/cart")).data.shop?.delivery).toBe(true);
    expect(await net.html("/cart")).toContain('"delivery":true');
  });

  it("tells the cart whether an active discount code exists", async () => {
    await net.html("/cart");
    const code = await net.create("ecommerce/discount-codes", {
      code: "OFF",
      kind: "percent",
      value: "5",
      active: false,
    });
    expect((await net.load("/cart")).data.shop?.discountCodes).toBe(false);
    await net.t.request({
      method: "PATCH",
      url: `/api/ecommerce/discount-codes/${code.id}`,
      payload: { data: { active: true } },
    });
    expect((await net.load("/cart")).data.shop?.discountCodes).toBe(true);
    // The rendered cart page carries it to the browser (its code field appears after hydration).
    expect(await net.html("/cart")).toContain('"discountCodes":true');
  });

  it("reads the facts once per page: as many queries for the products page with 14 products as with 4", async () => {
    await net.load("/products");
    const before = await net.load("/products");
    const count = Object.keys(before.data.records["ecommerce/products"] ?? {}).length;
    for (let i = 0; i < 10; i++)
      await net.create("ecommerce/products", {
        slug: `extra-${i}`,
        title: { en: `Extra ${i}` },
        adminTitle: `Extra ${i}`,
      });
    await net.load("/products"); // warms what the writes made stale (the members-only rows, read once per change)
    const after = await net.load("/products");
    expect(Object.keys(after.data.records["ecommerce/products"] ?? {}).length).toBe(count + 10);
    expect(after.queries).toBe(before.queries);
  });
});

describe(`the shop's facts with PRICES_INCLUDE_TAX (${testDialect})`, () => {
  let gross: Awaited<ReturnType<typeof demo>>;

  beforeAll(async () => {
    gross = await demo(true);
  });
  afterAll(() => gross?.t.close());

  it("says 'incl. VAT' beside the prices once a tax rate exists", async () => {
    expect(await gross.html("/products")).not.toContain("data-price-tax");
    await gross.create("ecommerce/tax-rates", TAX);
    const products = await gross.html("/products");
    expect(products).toContain('data-price-tax="included"');
    expect(products).toContain("incl. VAT");
    expect(await gross.html("/ru/products")).toContain("вкл. НДС");
  });
});

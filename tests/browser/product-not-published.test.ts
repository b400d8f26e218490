import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { hasChromium, launchChromium, startApp, type RunningApp } from "./helpers/browser-app.js";
import { asServer, narrowAdminRole, signInAt } from "./helpers/narrow-admin.js";

const EDITOR = { adminEmail: "products@example.com", adminPassword: "product editor password 1" };

// The product editor's Publish as a role that may publish products but not their prices or
// category links (docs/shop.md, Product editor): the product goes live, and the editor names the
// price and the link that stayed behind as a person reads them, with a Partly published badge.
describe.skipIf(!hasChromium)("the product editor names what a publish left behind (Chromium, drafts on)", () => {
  let running: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    running = await startApp({ drafts: true, ...EDITOR });
    await narrowAdminRole(running, [["*", "/api/ecommerce/products/**"]]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it("publishes the product and lists its price and category link as not published", async () => {
    const usd = await asServer(running, "POST", "/api/billing/currencies?publish=true", {
      slug: "usd",
      symbol: "$",
      adminTitle: "US dollar",
      isDefault: true,
      decimals: 2,
    });
    const kitchen = await asServer(running, "POST", "/api/ecommerce/categories?publish=true", {
      adminTitle: "Kitchen",
      title: { en: "Kitchen" },
    });
    const form = {
      product: {
        adminTitle: "Mug",
        title: { en: "Mug" },
        shortDescription: {},
        description: {},
        type: "one_off",
        shipping: "required",
        stock: 3,
      },
      prices: [{ currencyId: usd.id, amount: "12.00" }],
      photos: [],
      stores: [],
      categoryIds: [kitchen.id],
      attributes: [],
    };
    const { product } = await asServer(running, "POST", "/api/ecommerce/products/editor", form);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInAt(page, `${running.url}/admin/products/${product.id}`, EDITOR.adminEmail, EDITOR.adminPassword);
    await page.getByTestId("product-publish").click();
    const shown = page.getByTestId("not-published");
    await shown.waitFor();
    const text = (await shown.textContent()) ?? "";
    expect(text).toContain("Price or attribute “$12.00 · USD”");
    expect(text).toContain("“Kitchen → Mug”");
    expect(text).not.toContain("Product “Mug”");
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expect.poll(() => page.getByTestId("publication-badge").first().textContent()).toBe("Partly published");
    await page.waitForTimeout(1_000); // the toast's slide-in settled
    await page.screenshot({ path: "/tmp/product-not-published-en-US.png" });
    expect(
      (await running.app.inject({ method: "GET", url: `/api/ecommerce/products/${product.id}` })).json().data.title.en,
    ).toBe("Mug");
    await context.close();
  });
});

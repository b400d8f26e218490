import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, test } from "vitest";
import type { Language, Row } from "../../common/site/page-data.js";
import { SiteData } from "../../web/site/data/site-data.js";
import { CartStore, type CartState } from "../../web/site/modules/ecommerce/cart/cart-store.js";
import { CartProvider } from "../../web/site/modules/ecommerce/cart/use-cart.js";
import type { Order } from "../../web/site/modules/ecommerce/helpers/shop-api.js";
import { stockErrorText } from "../../web/site/modules/ecommerce/helpers/stock.js";
import { ApiError } from "../../web/api/client.js";
import { SiteProviders } from "../../web/site/render/site-app.js";
import { structuredData } from "../../web/site/render/structured-data.js";
import { VariantView } from "../../web/site/render/variant-view.js";
import { SessionStore } from "../../web/site/session/session-store.js";
import type { SessionState } from "../../web/site/session/types.js";
import { SessionProvider } from "../../web/site/session/use-session.js";
import { siteVariants } from "../../web/site/variants.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

// Stock on the site: "Out of stock" and "Only N left" on cards and the
// product page (a store's own count on its page), no add to cart for a sold-out product, the
// cart's flag on a line that ran out, the server's 409 in the page's language, and the
// structured data's availability.

const SIGNED_IN: SessionState = {
  status: "signed-in",
  subject: { id: "0b6f5d1e-1111-4c1c-9a6e-000000000001", slug: "ann", identities: [], roles: [] },
};
const frozenSession = (state: SessionState) =>
  new SessionStore(
    {
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      call: async () => {
        throw new Error("no calls");
      },
      navigate: () => {},
      home: () => "/",
      now: () => 0,
      notify: () => {},
    },
    state,
  );

/** Four products, each priced: untracked, plenty (40), few (3) and none (0). */
function shop(language: Language = "en") {
  const page = new PageBuilder({ language });
  const usd = page.add("billing/currencies", { symbol: "$", slug: "usd", decimals: 2, isDefault: true });
  const product = (slug: string, title: string, ru: string, stock: number | null) => {
    const row = page.add("ecommerce/products", {
      slug,
      title: en(title, ru),
      shortDescription: {},
      description: {},
      stock,
    });
    const price = page.add("ecommerce/attributes", { number: "10.00" });
    page.link("ecommerce/products-to-attributes", row, price);
    page.link("ecommerce/attributes-to-billing-module-currencies", price, usd);
    return row;
  };
  const pen = product("pen", "Pen", "Ручка", null);
  const paper = product("paper", "Paper", "Бумага", 40);
  const ink = product("ink", "Ink", "Чернила", 3);
  const lamp = product("lamp", "Lamp", "Лампа", 0);
  return { page, pen, paper, ink, lamp };
}

const cardOf = (html: string, slug: string) =>
  html.split("data-product-card").find((part) => part.includes(`/ecommerce/products/${slug}"`))!;

describe("stock on the site", () => {
  test.each([
    ["en", "Out of stock", "Only 3 left"],
    ["ru", "Нет в наличии", "Осталось 3 шт."],
  ] as const)(
    "product cards (%s): 'Out of stock' and 'Only N left', nothing for plenty or untracked; no add to cart when sold out",
    (language, out, few) => {
      const { page, pen, paper, ink, lamp } = shop(language);
      page.widget("ecommerce", { variant: "product-list-default" });
      page.list("ecommerce/products", [pen, paper, ink, lamp]);
      const html = renderApp(page.data);
      expect(textOf(cardOf(html, "lamp"))).toContain(out);
      expect(cardOf(html, "lamp")).toContain('data-stock="out"');
      expect(cardOf(html, "lamp")).not.toContain("data-add-to-cart");
      expect(cardOf(html, "lamp")).toMatch(/data-sold-out="[^"]+"|disabled=""[^>]*data-sold-out/);
      expect(textOf(cardOf(html, "ink"))).toContain(few);
      expect(cardOf(html, "ink")).toContain('data-stock="low"');
      expect(cardOf(html, "ink")).toContain("data-add-to-cart");
      for (const slug of ["pen", "paper"]) {
        expect(cardOf(html, slug)).not.toContain("data-stock=");
        expect(cardOf(html, slug)).toContain("data-add-to-cart");
      }
      expect(html.split("data-stock=").length - 1).toBe(2);
    },
  );

  test("the product page says it, in both languages", () => {
    for (const [language, out] of [
      ["en", "Out of stock"],
      ["ru", "Нет в наличии"],
    ] as const) {
      const { page } = shop(language);
      page.segment("ecommerce.products.slug", "lamp");
      page.widget("ecommerce", { variant: "product-overview-default" });
      const html = renderApp(page.data);
      expect(html).toContain('data-stock="out"');
      expect(textOf(html)).toContain(out);
      expect(html).not.toContain("data-add-to-cart");
    }
    const { page } = shop();
    page.segment("ecommerce.products.slug", "ink");
    page.widget("ecommerce", { variant: "product-overview-default" });
    expect(textOf(renderApp(page.data))).toContain("Only 3 left");
  });

  test("on a store's page a card counts the store's own stock; the product's when the store has none", () => {
    const { page, paper, ink } = shop();
    const store = page.add("ecommerce/stores", { slug: "north", title: en("North") });
    page.link("ecommerce/stores-to-products", store, paper, { sku: "N-1", stock: 2 });
    page.link("ecommerce/stores-to-products", store, ink, { sku: "N-2", orderIndex: 1, stock: null });
    page.segment("ecommerce.stores.slug", "north");
    page.widget("ecommerce", { variant: "store-overview-default" });
    const html = renderApp(page.data);
    expect(textOf(cardOf(html, "paper"))).toContain("Only 2 left");
    expect(textOf(cardOf(html, "ink"))).toContain("Only 3 left");
  });

  test("structured data: OutOfStock for a sold-out product, InStock otherwise", () => {
    for (const [slug, availability] of [
      ["lamp", "OutOfStock"],
      ["ink", "InStock"],
      ["pen", "InStock"],
    ]) {
      const { page } = shop();
      page.segment("ecommerce.products.slug", slug!);
      const [product] = structuredData(new SiteData(page.data), {
        url: `https://shop.example.com/ecommerce/products/${slug}`,
      });
      expect((product!.offers as Row[])[0]).toMatchObject({
        "@type": "Offer",
        price: "10.00",
        availability: `https://schema.org/${availability}`,
      });
    }
  });

  test.each([
    ["en", "Out of stock: remove it to check out the rest", "Only 2 left: lower the quantity to check out"],
    [
      "ru",
      "Нет в наличии: удалите товар, чтобы оформить остальное",
      "Осталось 2 шт.: уменьшите количество, чтобы оформить заказ",
    ],
  ] as const)("the cart (%s) flags a line whose stock ran out or fell below its quantity", (language, out, few) => {
    const { page } = shop(language);
    const line = (orderId: string, quantity: number, available: number | null) => ({
      id: `${orderId}-l`,
      orderId,
      productId: `${orderId}-p`,
      storeId: null,
      quantity,
      available,
      product: { id: `${orderId}-p`, title: en("Lamp") },
    });
    const order = (id: string, quantity: number, available: number | null): Order => ({
      id,
      type: "cart",
      status: "new",
      ordersToProducts: [line(id, quantity, available)],
      total: [],
    });
    const orders = [order("gone", 1, 0), order("few", 3, 2), order("fine", 2, 2), order("free", 9, null)];
    const cart: CartState = { subjectId: "s", loaded: true, orders, total: [], quantity: 15 };
    const render = (node: ReactNode) =>
      renderToString(
        <SiteProviders data={page.data} variants={siteVariants}>
          <SessionProvider store={frozenSession(SIGNED_IN)}>
            <CartProvider
              store={
                new CartStore(async () => {
                  throw new Error("no calls");
                }, cart)
              }
            >
              {node}
            </CartProvider>
          </SessionProvider>
        </SiteProviders>,
      );
    const html = orders.map((o) =>
      render(<VariantView model="ecommerce/orders" record={{ ...(o as unknown as Row), variant: "cart-default" }} />),
    );
    expect(textOf(html[0]!)).toContain(out);
    expect(html[0]).toContain('data-line-stock="0"');
    expect(textOf(html[1]!)).toContain(few);
    expect(html[2]).not.toContain("data-line-stock");
    expect(html[3]).not.toContain("data-line-stock");
  });

  test("the server's 409 for too few items, in the page's language, naming the product", () => {
    const error = (cause: { path: string; message: string }[]) =>
      new ApiError("Conflict error: …", 409, "CONFLICT", cause);
    const titles = (id: string) => ({ p1: "Лампа", p2: "Чернила" })[id];
    expect(stockErrorText(error([{ path: "/stock/p1", message: "out of stock" }]), "ru", titles)).toBe(
      "«Лампа» закончился",
    );
    expect(stockErrorText(error([{ path: "/stock/p2", message: "only 3 left" }]), "en", () => "Ink")).toBe(
      "Ink: only 3 left",
    );
    expect(
      stockErrorText(
        error([
          { path: "/stock/p1", message: "out of stock" },
          { path: "/stock/p2", message: "only 1 left" },
        ]),
        "ru",
        titles,
      ),
    ).toBe("«Лампа» закончился; «Чернила»: осталось 1 шт.");
    // A product the page does not know: the server's words; any other 409 or error: not a stock error.
    expect(stockErrorText(error([{ path: "/stock/p9", message: "only 2 left" }]), "ru", titles)).toBe("only 2 left");
    expect(stockErrorText(error([{ path: "/slug", message: "taken" }]), "en", titles)).toBeUndefined();
    expect(stockErrorText(new Error("x"), "en", titles)).toBeUndefined();
  });
});

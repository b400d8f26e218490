import { describe, expect, test } from "vitest";
import { formatAmount } from "../../web/site/modules/ecommerce/helpers/price.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

/** A shop: one store and one category holding two products; boots have a price in dollars and a colour. */
function shop(language: "en" | "ru" = "en") {
  const page = new PageBuilder({ language });
  const boots = page.add("ecommerce/products", {
    slug: "boots",
    title: en("Boots", "Ботинки"),
    shortDescription: en("Warm boots", "Тёплые ботинки"),
    description: {},
  });
  const hat = page.add("ecommerce/products", {
    slug: "hat",
    title: en("Hat"),
    shortDescription: en("A hat"),
    description: {},
  });
  const price = page.add("ecommerce/attributes", { number: "1299.50" });
  page.link("ecommerce/products-to-attributes", boots, price);
  page.link(
    "ecommerce/attributes-to-billing-module-currencies",
    price,
    page.add("billing/currencies", { symbol: "$", slug: "usd" }),
  );
  const colour = page.add("ecommerce/attributes", { string: en("Brown", "Коричневый") });
  page.link("ecommerce/products-to-attributes", boots, colour, { orderIndex: 1 });
  page.link(
    "ecommerce/attribute-keys-to-attributes",
    page.add("ecommerce/attribute-keys", { type: "feature", title: en("Colour", "Цвет") }),
    colour,
  );
  page.link(
    "ecommerce/products-to-file-storage-module-files",
    boots,
    page.add("file-storage/files", { file: "/public/files/boots.jpg", mimeType: "image/jpeg" }),
  );
  const store = page.add("ecommerce/stores", {
    slug: "main",
    title: en("Main store"),
    shortDescription: en("Downtown"),
  });
  const category = page.add("ecommerce/categories", { slug: "shoes", title: en("Shoes"), subtitle: en("For feet") });
  for (const [index, product] of [boots, hat].entries()) {
    page.link("ecommerce/stores-to-products", store, product, { orderIndex: index, sku: `sku-${index}` });
    page.link("ecommerce/categories-to-products", category, product, { orderIndex: index });
  }
  return { page, boots, hat, store, category };
}

describe("ecommerce widgets", () => {
  test("product-list-default: product cards with title, short description and price, from the list", () => {
    const { page, boots, hat } = shop();
    page.widget("ecommerce", { variant: "product-list-default", title: en("Catalogue"), className: "catalogue" });
    page.list("ecommerce/products", [boots, hat]);
    const html = renderApp(page.data);
    expect(html.split("data-product-card").length - 1).toBe(2);
    expect(html).toMatch(/<section[^>]*class="catalogue /);
    expect(textOf(html)).toContain("Boots Warm boots $1 299.50");
    expect(html).toMatch(/<a href="\/ecommerce\/products\/boots"/);
    // Each card has the cart's 'Add to cart', drawn disabled until the browser knows who is signed in.
    expect(html.match(/data-add-to-cart="[^"]+"[^>]*disabled=""|disabled=""[^>]*data-add-to-cart/g)).toHaveLength(2);
    // The hat has no price, so no price badge.
    expect(html.split("data-price=").length - 1).toBe(1);
  });

  test("product-list-default prefers products linked to the widget", () => {
    const { page, boots, hat } = shop();
    const widget = page.widget("ecommerce", { variant: "product-list-default" });
    page.link("ecommerce/widgets-to-products", widget, hat);
    page.list("ecommerce/products", [boots, hat]);
    const text = textOf(renderApp(page.data));
    expect(text).toContain("Hat");
    expect(text).not.toContain("Boots");
  });

  test("product-overview-default: the product the URL names with price, features and pictures, in Russian", () => {
    const { page } = shop("ru");
    page.segment("ecommerce.products.slug", "boots");
    page.widget("ecommerce", { variant: "product-overview-default" });
    const html = renderApp(page.data);
    expect(html).toMatch(/<h1[^>]*>Ботинки<\/h1>/);
    expect(html).toContain('aria-label="Цена: $1 299.50"');
    expect(textOf(html)).toContain("Цвет Коричневый");
    expect(html).toContain('<img src="/public/files/boots.jpg"');
  });

  test.each([
    ["store-overview-default", "ecommerce.stores.slug", "main", "Main store", "Downtown"],
    ["category-overview-default", "ecommerce.categories.slug", "shoes", "Shoes", "For feet"],
  ])("%s: the record and its products", (variant, segment, slug, title, blurb) => {
    const { page } = shop();
    page.segment(segment, slug);
    page.widget("ecommerce", { variant });
    const html = renderApp(page.data);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(textOf(html)).toContain(blurb);
    expect(html.split("data-product-card").length - 1).toBe(2);
  });

  test.each([
    ["store-list-default", "ecommerce/stores", "data-store-card", "/ru/ecommerce/stores/main"],
    ["category-list-default", "ecommerce/categories", "data-ecommerce-category-card", "/ru/ecommerce/categories/shoes"],
  ])("%s: cards with 'More' links", (variant, model, marker, href) => {
    const { page, store, category } = shop("ru");
    page.widget("ecommerce", { variant });
    page.list(model, [model === "ecommerce/stores" ? store : category]);
    const html = renderApp(page.data);
    expect(html).toContain(marker);
    expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>[\\s\\S]*?Подробнее`));
  });

  test("default: the widget's linked products and stores, grouped", () => {
    const { page, boots, store } = shop();
    const widget = page.widget("ecommerce", { title: en("Shop") });
    page.link("ecommerce/widgets-to-products", widget, boots);
    page.link("ecommerce/widgets-to-stores", widget, store);
    const text = textOf(renderApp(page.data));
    expect(text).toContain("Shop Products Boots");
    expect(text).toContain("Stores Main store");
  });
});

test.each([
  ["12", 2, "12.00"],
  ["12.5", 2, "12.50"],
  ["1299.50", 2, "1 299.50"],
  ["1234567", 0, "1 234 567"],
  ["0.005", 2, "0.01"],
  ["-2.345", 2, "-2.35"],
  ["19.999", 3, "19.999"],
  ["99999999999999999.99", 2, "99 999 999 999 999 999.99"],
])("formatAmount(%j, %i) = %s (a decimal string, never a float)", (amount, decimals, expected) => {
  expect(formatAmount(amount, decimals)).toBe(expected);
});

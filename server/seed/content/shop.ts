import { bulletList, doc, paragraph } from "../rich-text.js";
import type { SeedWriter } from "../seed-writer.js";

const products = [
  {
    slug: "linen-notebook",
    title: { en: "Linen notebook", ru: "Блокнот в льняной обложке" },
    shortDescription: {
      en: "A5, 120 pages of dotted paper, lies flat when open.",
      ru: "A5, 120 страниц в точку, раскрывается плоско.",
    },
    prices: { usd: "18.00", eur: "16.50" },
    shipping: "required",
    description: {
      en: doc(
        paragraph("Sewn binding and a linen cover that gets better with use."),
        bulletList("A5, 120 pages", "100 g/m² dotted paper", "Ribbon bookmark"),
      ),
      ru: doc(
        paragraph("Прошитый блок и льняная обложка, которая с годами становится только лучше."),
        bulletList("A5, 120 страниц", "Бумага в точку 100 г/м²", "Закладка-ляссе"),
      ),
    },
  },
  {
    slug: "ceramic-mug",
    title: { en: "Ceramic mug", ru: "Керамическая кружка" },
    shortDescription: {
      en: "Hand-glazed stoneware, 350 ml, safe in the dishwasher.",
      ru: "Глазурованная вручную керамика, 350 мл, можно мыть в посудомойке.",
    },
    prices: { usd: "24.50", eur: "22.00" },
    shipping: "required",
    // The Northwind store sells the mug for less (stores-to-products-to-attributes).
    storePrices: { usd: "21.00", eur: "19.50" },
    features: [{ key: "volume", value: { en: "350 ml", ru: "350 мл" } }],
    // The one product whose stock is counted (the others are not tracked): checkouts take from it.
    stock: 12,
    description: {
      en: doc(paragraph("Every mug is glazed by hand, so no two are quite the same.")),
      ru: doc(paragraph("Каждую кружку глазуруют вручную, поэтому двух одинаковых не бывает.")),
    },
  },
  {
    slug: "site-starter-kit",
    title: { en: "Site starter kit", ru: "Стартовый набор для сайта" },
    shortDescription: {
      en: "A two-hour session to set up your pages, blog and shop.",
      ru: "Двухчасовая сессия: настроим страницы, блог и магазин.",
    },
    prices: { usd: "290.00", eur: "270.00" },
    description: {
      en: doc(paragraph("We set up the platform with you, move your first texts in and show your team the admin.")),
      ru: doc(paragraph("Вместе с вами настроим платформу, перенесём первые тексты и покажем команде админку.")),
    },
  },
  {
    slug: "support-plan",
    title: { en: "Monthly support plan", ru: "Ежемесячная поддержка" },
    shortDescription: {
      en: "Updates, backups and an hour of changes every month.",
      ru: "Обновления, резервные копии и час доработок каждый месяц.",
    },
    prices: { usd: "49.00", eur: "45.00" },
    description: {
      en: doc(paragraph("A subscription for teams who would rather not run servers themselves.")),
      ru: doc(paragraph("Подписка для команд, которые не хотят сами заниматься серверами.")),
    },
    type: "subscription",
  },
];

type Prices = Record<"usd" | "eur", string>;

/**
 * The shop: two currencies (US dollar by default, euro), a price key, products with a price in
 * each currency (one with the store's own lower price), a category, a store, and the pages: the
 * '/products' list, the product, store and category pages and the '/cart' checkout screen.
 */
export async function seedShop(w: SeedWriter) {
  const currencies = {
    usd: await w.create("billing/currencies", {
      slug: "usd",
      adminTitle: "US dollar",
      symbol: "$",
      decimals: 2,
      isDefault: true,
      title: { en: "US dollar", ru: "Доллар США" },
    }),
    eur: await w.create("billing/currencies", {
      slug: "eur",
      adminTitle: "Euro",
      symbol: "€",
      decimals: 2,
      isDefault: false,
      title: { en: "Euro", ru: "Евро" },
    }),
  };
  const priceKey = await w.create("ecommerce/attribute-keys", {
    slug: "price",
    adminTitle: "Price",
    type: "price",
    field: "number",
    title: { en: "Price", ru: "Цена" },
    prefix: {},
    suffix: {},
  });
  const featureKeys: Record<string, Record<string, any>> = {
    volume: await w.create("ecommerce/attribute-keys", {
      slug: "volume",
      adminTitle: "Volume",
      type: "feature",
      field: "string",
      title: { en: "Volume", ru: "Объём" },
      prefix: {},
      suffix: {},
    }),
  };
  /**
   * One price attribute per currency, each linked to the price key and its currency, named as the
   * prices route names them ("Ceramic mug — price USD", "…, Northwind store" for a store's own).
   */
  const priceAttributes = async (
    prices: Prices,
    label: { product: string; store?: string },
    link: (attributeId: string, index: number) => Promise<unknown>,
  ) => {
    for (const [index, code] of (["usd", "eur"] as const).entries()) {
      const adminTitle = `${label.product} — price ${code.toUpperCase()}${label.store ? `, ${label.store}` : ""}`;
      const attribute = await w.create("ecommerce/attributes", { adminTitle, number: prices[code], string: {} });
      await w.link("ecommerce/attribute-keys-to-attributes", {
        attributeKeyId: priceKey.id,
        attributeId: attribute.id,
      });
      await w.link("ecommerce/attributes-to-billing-module-currencies", {
        attributeId: attribute.id,
        billingModuleCurrencyId: currencies[code].id,
      });
      await link(attribute.id, index);
    }
  };

  const category = await w.create("ecommerce/categories", {
    slug: "studio-goods",
    adminTitle: "Studio goods",
    title: { en: "Studio goods", ru: "Товары студии" },
    subtitle: { en: "Made in small batches", ru: "Делаем небольшими партиями" },
    description: { en: "Things we use every day.", ru: "Вещи, которыми мы пользуемся каждый день." },
  });
  const store = await w.create("ecommerce/stores", {
    slug: "northwind-store",
    adminTitle: "Northwind store",
    title: { en: "Northwind store", ru: "Магазин «Норд»" },
    shortDescription: { en: "Our online shop", ru: "Наш интернет-магазин" },
    description: { en: "Ships across Europe within a week.", ru: "Доставляем по Европе в течение недели." },
  });
  for (const [i, { prices, storePrices, features, ...product }] of products.entries()) {
    const row = await w.create("ecommerce/products", { ...product, adminTitle: product.title.en });
    await priceAttributes(prices, { product: product.title.en }, (attributeId, index) =>
      w.link("ecommerce/products-to-attributes", { productId: row.id, attributeId }, index),
    );
    for (const [index, feature] of (features ?? []).entries()) {
      const attribute = await w.create("ecommerce/attributes", {
        adminTitle: `${product.title.en} — ${featureKeys[feature.key]!.adminTitle}: ${feature.value.en}`,
        string: feature.value,
      });
      await w.link("ecommerce/attribute-keys-to-attributes", {
        attributeKeyId: featureKeys[feature.key]!.id,
        attributeId: attribute.id,
      });
      await w.link("ecommerce/products-to-attributes", { productId: row.id, attributeId: attribute.id }, 10 + index);
    }
    await w.link("ecommerce/categories-to-products", { categoryId: category.id, productId: row.id }, i);
    const inStore = await w.link(
      "ecommerce/stores-to-products",
      { storeId: store.id, productId: row.id, sku: `NW-${String(i + 1).padStart(3, "0")}` },
      i,
    );
    if (storePrices) {
      await priceAttributes(storePrices, { product: product.title.en, store: store.adminTitle }, (attributeId, index) =>
        w.link("ecommerce/stores-to-products-to-attributes", { storesToProductsId: inStore.id, attributeId }, index),
      );
    }
  }
  const list = await w.widget("ecommerce", "product-list-default", "products", {
    title: { en: "Products", ru: "Товары" },
    subtitle: { en: "Small goods and services from the studio", ru: "Небольшие вещи и услуги студии" },
  });
  const stores = await w.widget("ecommerce", "store-list-default", "stores", {
    title: { en: "Stores", ru: "Магазины" },
  });
  const categories = await w.widget("ecommerce", "category-list-default", "categories", {
    title: { en: "Categories", ru: "Категории" },
  });
  await w.page({
    url: "/products",
    // Titled in both languages, as /cart below: a Russian <title> and hidden <h1> on /ru/… (page-heading.tsx).
    title: { en: "Products · Northwind Studio", ru: "Товары · Студия «Норд»" },
    description: { en: "Small goods and services from the studio.", ru: "Небольшие вещи и услуги студии." },
    keywords: "shop, products",
    widgets: [list, stores, categories],
  });
  const overview = await w.widget("ecommerce", "product-overview-default", "product-overview");
  await w.page({
    url: "/ecommerce/products/[ecommerce.products.slug]",
    title: "Product · Northwind Studio",
    description: "A product from the Northwind store.",
    widgets: [overview],
  });
  const storeOverview = await w.widget("ecommerce", "store-overview-default", "store-overview");
  await w.page({
    url: "/ecommerce/stores/[ecommerce.stores.slug]",
    title: "Store · Northwind Studio",
    description: "A store of Northwind Studio and its products.",
    widgets: [storeOverview],
  });
  const categoryOverview = await w.widget("ecommerce", "category-overview-default", "category-overview");
  await w.page({
    url: "/ecommerce/categories/[ecommerce.categories.slug]",
    title: "Category · Northwind Studio",
    description: "Products of one category.",
    widgets: [categoryOverview],
  });
  const cart = await w.widget("ecommerce", "order-list-default", "cart", {
    title: { en: "Cart", ru: "Корзина" },
    subtitle: {
      en: "Check your items, choose how to pay and check out.",
      ru: "Проверьте товары, выберите способ оплаты и оформите заказ.",
    },
  });
  await w.page({
    url: "/cart",
    title: { en: "Cart · Northwind Studio", ru: "Корзина · Студия «Норд»" },
    description: { en: "Your cart and your orders.", ru: "Ваша корзина и ваши заказы." },
    keywords: "cart, checkout, orders",
    widgets: [cart],
  });
}

import { bulletList, doc, paragraph } from "../rich-text.js";
import type { SeedWriter } from "../seed-writer.js";

const products = [
  {
    slug: "linen-notebook",
    title: { en: "Linen notebook", ru: "Блокнот в льняной обложке" },
    shortDescription: { en: "A5, 120 pages of dotted paper, lies flat when open.", ru: "A5, 120 страниц в точку, раскрывается плоско." },
    description: {
      en: doc(paragraph("Sewn binding and a linen cover that gets better with use."), bulletList("A5, 120 pages", "100 g/m² dotted paper", "Ribbon bookmark")),
      ru: doc(paragraph("Прошитый блок и льняная обложка, которая с годами становится только лучше."), bulletList("A5, 120 страниц", "Бумага в точку 100 г/м²", "Закладка-ляссе")),
    },
  },
  {
    slug: "ceramic-mug",
    title: { en: "Ceramic mug", ru: "Керамическая кружка" },
    shortDescription: { en: "Hand-glazed stoneware, 350 ml, safe in the dishwasher.", ru: "Глазурованная вручную керамика, 350 мл, можно мыть в посудомойке." },
    description: {
      en: doc(paragraph("Every mug is glazed by hand, so no two are quite the same.")),
      ru: doc(paragraph("Каждую кружку глазуруют вручную, поэтому двух одинаковых не бывает.")),
    },
  },
  {
    slug: "site-starter-kit",
    title: { en: "Site starter kit", ru: "Стартовый набор для сайта" },
    shortDescription: { en: "A two-hour session to set up your pages, blog and shop.", ru: "Двухчасовая сессия: настроим страницы, блог и магазин." },
    description: {
      en: doc(paragraph("We set up the platform with you, move your first texts in and show your team the admin.")),
      ru: doc(paragraph("Вместе с вами настроим платформу, перенесём первые тексты и покажем команде админку.")),
    },
  },
  {
    slug: "support-plan",
    title: { en: "Monthly support plan", ru: "Ежемесячная поддержка" },
    shortDescription: { en: "Updates, backups and an hour of changes every month.", ru: "Обновления, резервные копии и час доработок каждый месяц." },
    description: {
      en: doc(paragraph("A subscription for teams who would rather not run servers themselves.")),
      ru: doc(paragraph("Подписка для команд, которые не хотят сами заниматься серверами.")),
    },
    type: "subscription",
  },
];

/** The shop: products, a category, a store, the '/products' list and the product page. */
export async function seedShop(w: SeedWriter) {
  const category = await w.create("ecommerce/categories", {
    slug: "studio-goods", adminTitle: "Studio goods",
    title: { en: "Studio goods", ru: "Товары студии" }, subtitle: { en: "Made in small batches", ru: "Делаем небольшими партиями" }, description: { en: "Things we use every day.", ru: "Вещи, которыми мы пользуемся каждый день." },
  });
  const store = await w.create("ecommerce/stores", {
    slug: "northwind-store", adminTitle: "Northwind store",
    title: { en: "Northwind store", ru: "Магазин «Норд»" },
    shortDescription: { en: "Our online shop", ru: "Наш интернет-магазин" },
    description: { en: "Ships across Europe within a week.", ru: "Доставляем по Европе в течение недели." },
  });
  for (const [i, product] of products.entries()) {
    const row = await w.create("ecommerce/products", { ...product, adminTitle: product.title.en });
    await w.link("ecommerce/categories-to-products", { categoryId: category.id, productId: row.id }, i);
    await w.link("ecommerce/stores-to-products", { storeId: store.id, productId: row.id, sku: `NW-${String(i + 1).padStart(3, "0")}` }, i);
  }
  const list = await w.widget("ecommerce", "product-list-default", "products", {
    title: { en: "Products", ru: "Товары" },
    subtitle: { en: "Small goods and services from the studio", ru: "Небольшие вещи и услуги студии" },
  });
  await w.page({ url: "/products", title: "Products · Northwind Studio", description: "Small goods and services from the studio.", keywords: "shop, products", widgets: [list] });
  const overview = await w.widget("ecommerce", "product-overview-default", "product-overview");
  await w.page({ url: "/ecommerce/products/[ecommerce.products.slug]", title: "Product · Northwind Studio", description: "A product from the Northwind store.", widgets: [overview] });
}

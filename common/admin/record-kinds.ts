/**
 * What a record is, in the admin's words (English and Russian): "Page", «Страница». The global
 * search (GET /api/admin/search) writes it as each result's second line; a model not listed here is
 * called by its schema's title in that language (`x-title`, English `title`), as its generated table is.
 */
const kinds: Record<"en" | "ru", Record<string, string>> = {
  en: {
    "host/pages": "Page",
    "host/layouts": "Layout",
    "host/metadata": "Page metadata",
    "host/widgets": "Block",
    "ecommerce/products": "Product",
    "ecommerce/orders": "Order",
    "ecommerce/attributes": "Price or attribute",
    "ecommerce/attribute-keys": "Attribute key",
    "ecommerce/categories": "Category",
    "ecommerce/stores": "Store",
    "ecommerce/shipping-rates": "Shipping rate",
    "ecommerce/tax-rates": "Tax rate",
    "ecommerce/discount-codes": "Discount code",
    "ecommerce/widgets": "Product block",
    "billing/currencies": "Currency",
    "blog/articles": "Article",
    "blog/categories": "Blog category",
    "blog/widgets": "Article block",
    "crm/forms": "Form",
    "crm/inputs": "Form input",
    "crm/widgets": "Form block",
    "file-storage/files": "File",
    "rbac/subjects": "Account",
    "website-builder/widgets": "Block content",
    "website-builder/features": "Card",
    "website-builder/buttons": "Button",
    "website-builder/slides": "Slide",
    "website-builder/logotypes": "Logo",
    "admin/webhooks": "Webhook",
  },
  ru: {
    "host/pages": "Страница",
    "host/layouts": "Макет",
    "host/metadata": "Метаданные страницы",
    "host/widgets": "Блок",
    "ecommerce/products": "Товар",
    "ecommerce/orders": "Заказ",
    "ecommerce/attributes": "Цена или характеристика",
    "ecommerce/attribute-keys": "Вид характеристики",
    "ecommerce/categories": "Категория",
    "ecommerce/stores": "Магазин",
    "ecommerce/shipping-rates": "Тариф доставки",
    "ecommerce/tax-rates": "Ставка налога",
    "ecommerce/discount-codes": "Код скидки",
    "ecommerce/widgets": "Блок товаров",
    "billing/currencies": "Валюта",
    "blog/articles": "Статья",
    "blog/categories": "Рубрика блога",
    "blog/widgets": "Блок статей",
    "crm/forms": "Форма",
    "crm/inputs": "Поле формы",
    "crm/widgets": "Блок формы",
    "file-storage/files": "Файл",
    "rbac/subjects": "Учётная запись",
    "website-builder/widgets": "Содержимое блока",
    "website-builder/features": "Карточка",
    "website-builder/buttons": "Кнопка",
    "website-builder/slides": "Слайд",
    "website-builder/logotypes": "Логотип",
    "admin/webhooks": "Вебхук",
  },
};

/** The kind of a record of `modelId` in `language` (Russian for `ru…`, else English); `fallback` (the model's title) when unnamed here. */
export function recordKind(modelId: string, language: string, fallback: string): string {
  const words = language.toLowerCase().startsWith("ru") ? kinds.ru : kinds.en;
  return words[modelId] ?? fallback;
}

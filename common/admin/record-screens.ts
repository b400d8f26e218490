/**
 * The admin's hand-made screens (web/admin/admin-app.tsx) and the records they edit: a page opens
 * in the composer, a product in the product editor, an order in the desk, a shipping rate, tax
 * rate or discount code in its pricing screen, a webhook in its own page. Every other record opens in its generated form,
 * `/admin/{module}/{entity}?edit={id}`. Kept beside the admin's other wire facts so the server's
 * global search and the admin's routes name the same screens.
 */
export const PAGE_MODEL = "host/pages";
export const PRODUCT_MODEL = "ecommerce/products";
export const ORDER_MODEL = "ecommerce/orders";

const SCREENS: Record<string, (id: string) => string> = {
  [PAGE_MODEL]: (id) => `/admin/pages/${id}`,
  [PRODUCT_MODEL]: (id) => `/admin/products/${id}`,
  [ORDER_MODEL]: (id) => `/admin/orders/${id}`,
  "ecommerce/shipping-rates": (id) => `/admin/shipping/${id}`,
  "ecommerce/tax-rates": (id) => `/admin/taxes/${id}`,
  "ecommerce/discount-codes": (id) => `/admin/discounts/${id}`,
  "admin/webhooks": (id) => `/admin/webhooks/${id}`,
};

/** The admin path that opens this record. */
export const screenOf = (modelId: string, id: string): string =>
  SCREENS[modelId]?.(id) ?? `/admin/${modelId}?edit=${encodeURIComponent(id)}`;

/** Among equally good matches, the hand-made screens' records first (pages, products, orders), then the rest. */
export const screenPriorityOf = (modelId: string): number => {
  const at = Object.keys(SCREENS).indexOf(modelId);
  return at < 0 ? Object.keys(SCREENS).length : at;
};

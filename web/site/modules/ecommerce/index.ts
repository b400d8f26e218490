import { variant, type ModuleVariants } from "../../variant-types.js";

/**
 * The ecommerce module's variants, by model then name (SPEC.md "Variants by area"). Order
 * variants render an order as the shop routes send it (lines and totals attached): the cart
 * screens pass them the subject's orders, loaded in the browser.
 */
export const variants: ModuleVariants = {
  "ecommerce/widgets": {
    default: variant("site/modules/ecommerce/widget-default.tsx", () => import("./widget-default.js"), "EcommerceWidgetDefault"),
    "product-list-default": variant("site/modules/ecommerce/widget-product-list-default.tsx", () => import("./widget-product-list-default.js"), "ProductListDefault"),
    "product-overview-default": variant("site/modules/ecommerce/widget-product-overview-default.tsx", () => import("./widget-product-overview-default.js"), "ProductOverviewDefault"),
    "category-list-default": variant("site/modules/ecommerce/widget-category-list-default.tsx", () => import("./widget-category-list-default.js"), "EcommerceCategoryListDefault"),
    "category-overview-default": variant("site/modules/ecommerce/widget-category-overview-default.tsx", () => import("./widget-category-overview-default.js"), "EcommerceCategoryOverviewDefault"),
    "store-list-default": variant("site/modules/ecommerce/widget-store-list-default.tsx", () => import("./widget-store-list-default.js"), "StoreListDefault"),
    "store-overview-default": variant("site/modules/ecommerce/widget-store-overview-default.tsx", () => import("./widget-store-overview-default.js"), "StoreOverviewDefault"),
    "order-list-default": variant("site/modules/ecommerce/widget-order-list-default.tsx", () => import("./widget-order-list-default.js"), "OrderListDefault"),
  },
  "ecommerce/products": {
    default: variant("site/modules/ecommerce/product-card.tsx", () => import("./product-card.js"), "ProductCard"),
    "overview-default": variant("site/modules/ecommerce/product-overview.tsx", () => import("./product-overview.js"), "ProductOverview"),
    "cart-default": variant("site/modules/ecommerce/product-cart-default.tsx", () => import("./product-cart-default.js"), "ProductCartDefault"),
    "price-default": variant("site/modules/ecommerce/product-price-default.tsx", () => import("./product-price-default.js"), "ProductPriceDefault"),
    "currency-toggle-group-default": variant("site/modules/ecommerce/product-currency-toggle-group-default.tsx", () => import("./product-currency-toggle-group-default.js"), "ProductCurrencyToggleGroupDefault"),
    amount: variant("site/modules/ecommerce/product-amount.tsx", () => import("./product-amount.js"), "ProductAmount"),
    "id-total-default": variant("site/modules/ecommerce/product-id-total-default.tsx", () => import("./product-id-total-default.js"), "ProductIdTotalDefault"),
    "attachment-default": variant("site/modules/ecommerce/product-attachment-default.tsx", () => import("./product-attachment-default.js"), "ProductAttachmentDefault"),
  },
  "ecommerce/orders": {
    "cart-default": variant("site/modules/ecommerce/order-cart-default.tsx", () => import("./order-cart-default.js"), "OrderCartDefault"),
    create: variant("site/modules/ecommerce/order-create.tsx", () => import("./order-create.js"), "OrderCreate"),
    delete: variant("site/modules/ecommerce/order-delete.tsx", () => import("./order-delete.js"), "OrderDelete"),
    "orders-to-products-quantity-default": variant("site/modules/ecommerce/order-quantity-update.tsx", () => import("./order-quantity-update.js"), "OrderQuantityUpdate"),
    // The order list's update is the same quantity form (a cart order has one line).
    update: variant("site/modules/ecommerce/order-quantity-update.tsx", () => import("./order-quantity-update.js"), "OrderQuantityUpdate"),
    "form-field-default": variant("site/modules/ecommerce/order-form-field-default.tsx", () => import("./order-form-field-default.js"), "OrderFormFieldDefault"),
    checkout: variant("site/modules/ecommerce/order-checkout.tsx", () => import("./order-checkout.js"), "OrderCheckout"),
    total: variant("site/modules/ecommerce/order-total.tsx", () => import("./order-total.js"), "OrderTotal"),
    quantity: variant("site/modules/ecommerce/order-quantity.tsx", () => import("./order-quantity.js"), "OrderQuantity"),
    "history-default": variant("site/modules/ecommerce/order-history-default.tsx", () => import("./order-history-default.js"), "OrderHistoryDefault"),
  },
  "ecommerce/products-to-file-storage-module-files": { "attachment-default": variant("site/modules/ecommerce/file-attachment-default.tsx", () => import("./file-attachment-default.js"), "ProductFileAttachmentDefault") },
  "ecommerce/stores": { default: variant("site/modules/ecommerce/store-card.tsx", () => import("./store-card.js"), "StoreCard") },
  "ecommerce/categories": { default: variant("site/modules/ecommerce/category-card.tsx", () => import("./category-card.js"), "EcommerceCategoryCard") },
};

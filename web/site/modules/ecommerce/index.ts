import { variant, type ModuleVariants } from "../../variant-types.js";

/**
 * The ecommerce module's variants, by model then name. Order
 * variants render an order as the shop routes send it (lines and totals attached): the cart
 * screens pass them the subject's orders, loaded in the browser.
 */
export const variants: ModuleVariants = {
  "ecommerce/widgets": {
    default: variant(
      "site/modules/ecommerce/widgets/widget-default.tsx",
      () => import("./widgets/widget-default.js"),
      "EcommerceWidgetDefault",
    ),
    "product-list-default": variant(
      "site/modules/ecommerce/widgets/widget-product-list-default.tsx",
      () => import("./widgets/widget-product-list-default.js"),
      "ProductListDefault",
    ),
    "product-overview-default": variant(
      "site/modules/ecommerce/widgets/widget-product-overview-default.tsx",
      () => import("./widgets/widget-product-overview-default.js"),
      "ProductOverviewDefault",
    ),
    "category-list-default": variant(
      "site/modules/ecommerce/widgets/widget-category-list-default.tsx",
      () => import("./widgets/widget-category-list-default.js"),
      "EcommerceCategoryListDefault",
    ),
    "category-overview-default": variant(
      "site/modules/ecommerce/widgets/widget-category-overview-default.tsx",
      () => import("./widgets/widget-category-overview-default.js"),
      "EcommerceCategoryOverviewDefault",
    ),
    "store-list-default": variant(
      "site/modules/ecommerce/widgets/widget-store-list-default.tsx",
      () => import("./widgets/widget-store-list-default.js"),
      "StoreListDefault",
    ),
    "store-overview-default": variant(
      "site/modules/ecommerce/widgets/widget-store-overview-default.tsx",
      () => import("./widgets/widget-store-overview-default.js"),
      "StoreOverviewDefault",
    ),
    "order-list-default": variant(
      "site/modules/ecommerce/widgets/widget-order-list-default.tsx",
      () => import("./widgets/widget-order-list-default.js"),
      "OrderListDefault",
    ),
  },
  "ecommerce/products": {
    default: variant(
      "site/modules/ecommerce/products/product-card.tsx",
      () => import("./products/product-card.js"),
      "ProductCard",
    ),
    "overview-default": variant(
      "site/modules/ecommerce/products/product-overview.tsx",
      () => import("./products/product-overview.js"),
      "ProductOverview",
    ),
    "cart-default": variant(
      "site/modules/ecommerce/products/product-cart-default.tsx",
      () => import("./products/product-cart-default.js"),
      "ProductCartDefault",
    ),
    "price-default": variant(
      "site/modules/ecommerce/products/product-price-default.tsx",
      () => import("./products/product-price-default.js"),
      "ProductPriceDefault",
    ),
    "currency-toggle-group-default": variant(
      "site/modules/ecommerce/products/product-currency-toggle-group-default.tsx",
      () => import("./products/product-currency-toggle-group-default.js"),
      "ProductCurrencyToggleGroupDefault",
    ),
    amount: variant(
      "site/modules/ecommerce/products/product-amount.tsx",
      () => import("./products/product-amount.js"),
      "ProductAmount",
    ),
    "id-total-default": variant(
      "site/modules/ecommerce/products/product-id-total-default.tsx",
      () => import("./products/product-id-total-default.js"),
      "ProductIdTotalDefault",
    ),
    "attachment-default": variant(
      "site/modules/ecommerce/products/product-attachment-default.tsx",
      () => import("./products/product-attachment-default.js"),
      "ProductAttachmentDefault",
    ),
  },
  "ecommerce/orders": {
    "cart-default": variant(
      "site/modules/ecommerce/orders/order-cart-default.tsx",
      () => import("./orders/order-cart-default.js"),
      "OrderCartDefault",
    ),
    create: variant(
      "site/modules/ecommerce/orders/order-create.tsx",
      () => import("./orders/order-create.js"),
      "OrderCreate",
    ),
    delete: variant(
      "site/modules/ecommerce/orders/order-delete.tsx",
      () => import("./orders/order-delete.js"),
      "OrderDelete",
    ),
    "orders-to-products-quantity-default": variant(
      "site/modules/ecommerce/orders/order-quantity-update.tsx",
      () => import("./orders/order-quantity-update.js"),
      "OrderQuantityUpdate",
    ),
    // The order list's update is the same quantity form (a cart order has one line).
    update: variant(
      "site/modules/ecommerce/orders/order-quantity-update.tsx",
      () => import("./orders/order-quantity-update.js"),
      "OrderQuantityUpdate",
    ),
    "form-field-default": variant(
      "site/modules/ecommerce/orders/order-form-field-default.tsx",
      () => import("./orders/order-form-field-default.js"),
      "OrderFormFieldDefault",
    ),
    checkout: variant(
      "site/modules/ecommerce/orders/order-checkout.tsx",
      () => import("./orders/order-checkout.js"),
      "OrderCheckout",
    ),
    total: variant(
      "site/modules/ecommerce/orders/order-total.tsx",
      () => import("./orders/order-total.js"),
      "OrderTotal",
    ),
    quantity: variant(
      "site/modules/ecommerce/orders/order-quantity.tsx",
      () => import("./orders/order-quantity.js"),
      "OrderQuantity",
    ),
    "history-default": variant(
      "site/modules/ecommerce/orders/order-history-default.tsx",
      () => import("./orders/order-history-default.js"),
      "OrderHistoryDefault",
    ),
  },
  "ecommerce/products-to-file-storage-module-files": {
    "attachment-default": variant(
      "site/modules/ecommerce/products/file-attachment-default.tsx",
      () => import("./products/file-attachment-default.js"),
      "ProductFileAttachmentDefault",
    ),
  },
  "ecommerce/stores": {
    default: variant("site/modules/ecommerce/cards/store-card.tsx", () => import("./cards/store-card.js"), "StoreCard"),
  },
  "ecommerce/categories": {
    default: variant(
      "site/modules/ecommerce/cards/category-card.tsx",
      () => import("./cards/category-card.js"),
      "EcommerceCategoryCard",
    ),
  },
};

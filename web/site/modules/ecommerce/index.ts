import type { ModuleVariants } from "../../variant-types.js";
import { EcommerceCategoryCard } from "./category-card.js";
import { ProductFileAttachmentDefault } from "./file-attachment-default.js";
import { OrderCartDefault } from "./order-cart-default.js";
import { OrderCheckout } from "./order-checkout.js";
import { OrderCreate } from "./order-create.js";
import { OrderDelete } from "./order-delete.js";
import { OrderFormFieldDefault } from "./order-form-field-default.js";
import { OrderHistoryDefault } from "./order-history-default.js";
import { OrderQuantity } from "./order-quantity.js";
import { OrderQuantityUpdate } from "./order-quantity-update.js";
import { OrderTotal } from "./order-total.js";
import { ProductAmount } from "./product-amount.js";
import { ProductAttachmentDefault } from "./product-attachment-default.js";
import { ProductCard } from "./product-card.js";
import { ProductCartDefault } from "./product-cart-default.js";
import { ProductCurrencyToggleGroupDefault } from "./product-currency-toggle-group-default.js";
import { ProductIdTotalDefault } from "./product-id-total-default.js";
import { ProductOverview } from "./product-overview.js";
import { ProductPriceDefault } from "./product-price-default.js";
import { StoreCard } from "./store-card.js";
import { EcommerceCategoryListDefault } from "./widget-category-list-default.js";
import { EcommerceCategoryOverviewDefault } from "./widget-category-overview-default.js";
import { EcommerceWidgetDefault } from "./widget-default.js";
import { OrderListDefault } from "./widget-order-list-default.js";
import { ProductListDefault } from "./widget-product-list-default.js";
import { ProductOverviewDefault } from "./widget-product-overview-default.js";
import { StoreListDefault } from "./widget-store-list-default.js";
import { StoreOverviewDefault } from "./widget-store-overview-default.js";

/**
 * The ecommerce module's variants, by model then name (SPEC.md "Variants by area"). Order
 * variants render an order as the shop routes send it (lines and totals attached): the cart
 * screens pass them the subject's orders, loaded in the browser.
 */
export const variants: ModuleVariants = {
  "ecommerce/widgets": {
    default: EcommerceWidgetDefault,
    "product-list-default": ProductListDefault,
    "product-overview-default": ProductOverviewDefault,
    "category-list-default": EcommerceCategoryListDefault,
    "category-overview-default": EcommerceCategoryOverviewDefault,
    "store-list-default": StoreListDefault,
    "store-overview-default": StoreOverviewDefault,
    "order-list-default": OrderListDefault,
  },
  "ecommerce/products": {
    default: ProductCard,
    "overview-default": ProductOverview,
    "cart-default": ProductCartDefault,
    "price-default": ProductPriceDefault,
    "currency-toggle-group-default": ProductCurrencyToggleGroupDefault,
    amount: ProductAmount,
    "id-total-default": ProductIdTotalDefault,
    "attachment-default": ProductAttachmentDefault,
  },
  "ecommerce/orders": {
    "cart-default": OrderCartDefault,
    create: OrderCreate,
    delete: OrderDelete,
    "orders-to-products-quantity-default": OrderQuantityUpdate,
    // The order list's update is the same quantity form (a cart order has one line).
    update: OrderQuantityUpdate,
    "form-field-default": OrderFormFieldDefault,
    checkout: OrderCheckout,
    total: OrderTotal,
    quantity: OrderQuantity,
    "history-default": OrderHistoryDefault,
  },
  "ecommerce/products-to-file-storage-module-files": { "attachment-default": ProductFileAttachmentDefault },
  "ecommerce/stores": { default: StoreCard },
  "ecommerce/categories": { default: EcommerceCategoryCard },
};

import { listWidget } from "./list-widget.js";

/** Product cards: the widget's own products (widgets-to-products) or the newest ones. */
export const ProductListDefault = listWidget(
  "ecommerce/widgets-to-products",
  "ecommerce/products",
  "ProductListDefault",
);

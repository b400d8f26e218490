import { listWidget } from "./list-widget.js";

/** Shop category cards: the widget's own categories (widgets-to-categories) or all of them. */
export const EcommerceCategoryListDefault = listWidget(
  "ecommerce/widgets-to-categories",
  "ecommerce/categories",
  "EcommerceCategoryListDefault",
);

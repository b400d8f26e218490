import { listWidget } from "./list-widget.js";

/** Store cards: the widget's own stores (widgets-to-stores) or all of them. */
export const StoreListDefault = listWidget("ecommerce/widgets-to-stores", "ecommerce/stores", "StoreListDefault");

import { Checkbox } from "@mantine/core";
import type { VariantProps } from "../../../variant-types.js";
import { asOrder, lineTitle } from "./order-parts.js";
import { useOrderSelection } from "./order-selection.js";
import { useShop } from "../helpers/use-shop.js";

/** Order variant 'form-field-default': the order as a checkbox of a checkout form (outside one: nothing). */
export function OrderFormFieldDefault({ record }: VariantProps) {
  const { t, language } = useShop();
  const selection = useOrderSelection();
  const order = asOrder(record);
  if (!selection) return null;
  const names = order.ordersToProducts.map((line) => lineTitle(line, language)).join(", ");
  return (
    <Checkbox
      aria-label={`${t("includeInCheckout")}: ${names}`}
      checked={selection.selected.has(order.id)}
      onChange={(event) => selection.toggle(order.id, event.currentTarget.checked)}
      data-order-field={order.id}
      mt={12}
    />
  );
}

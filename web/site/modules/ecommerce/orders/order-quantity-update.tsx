import { Button, NumberInput } from "@mantine/core";
import { Group } from "../../../render/primitives.js";
import { useState } from "react";
import type { VariantProps } from "../../../variant-types.js";
import { showSuccess, useAction } from "../../rbac/use-action.js";
import { useCart } from "../cart/use-cart.js";
import { asOrder, lineTitle } from "./order-parts.js";
import { useShop } from "../helpers/use-shop.js";

const MAX_QUANTITY = 1_000_000;

/**
 * Order variant 'orders-to-products-quantity-default' (and 'update'): each line's quantity with
 * an Update button once it differs; 'Updated successfully' when saved.
 */
export function OrderQuantityUpdate({ record }: VariantProps) {
  const { language } = useShop();
  const order = asOrder(record);
  return (
    <>
      {order.ordersToProducts.map((line) => (
        // Keyed by the quantity too: a change made elsewhere (the product card) resets the field.
        <LineQuantity
          key={`${line.id}:${line.quantity}`}
          orderId={order.id}
          lineId={line.id}
          quantity={Number(line.quantity)}
          title={lineTitle(line, language)}
        />
      ))}
    </>
  );
}

function LineQuantity({
  orderId,
  lineId,
  quantity,
  title,
}: {
  orderId: string;
  lineId: string;
  quantity: number;
  title: string;
}) {
  const { t } = useShop();
  const { store } = useCart();
  const [value, setValue] = useState<number | string>(quantity);
  const wanted = typeof value === "number" ? value : Number.parseInt(value, 10);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= MAX_QUANTITY;
  const { pending, act } = useAction(async () => {
    await store.setQuantity(orderId, lineId, wanted);
    showSuccess(t("updated"));
  });
  return (
    <Group gap={6} wrap="nowrap" data-line-quantity={lineId}>
      <NumberInput
        aria-label={`${t("quantity")}: ${title}`}
        value={value}
        onChange={setValue}
        min={1}
        max={MAX_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        size="xs"
        w={84}
      />
      {wanted !== quantity && (
        <Button size="xs" variant="light" onClick={() => void act()} disabled={pending || !valid}>
          {pending ? t("updating") : t("update")}
        </Button>
      )}
    </Group>
  );
}

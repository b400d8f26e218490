import { Button } from "@mantine/core";
import { Stack } from "../../../render/primitives.js";
import type { FormEvent } from "react";
import { useSession } from "../../../session/use-session.js";
import type { VariantProps } from "../../../variant-types.js";
import { useCart } from "../cart/use-cart.js";
import { CheckoutFields } from "../checkout/checkout-fields.js";
import { asOrder } from "./order-parts.js";
import { needsShipping, shopApi, type CheckoutAnswer } from "../helpers/shop-api.js";
import { TotalsList } from "./totals-list.js";
import { useCheckoutForm } from "../checkout/use-checkout-form.js";
import { useShop } from "../helpers/use-shop.js";

/** Order variant 'checkout': pays for one cart order (currency, provider, email, 'Checkout'), then the payment page. */
export function OrderCheckout({ record }: VariantProps) {
  const { t } = useShop();
  const { store: session } = useSession();
  const { subjectId } = useCart();
  const order = asOrder(record);
  const currencies = order.total.map((total) => total.billingModuleCurrency);
  const form = useCheckoutForm(currencies, needsShipping([order]));
  const chosen = order.total.filter((total) => total.billingModuleCurrency.id === form.currency?.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subjectId) return;
    form.submit(({ provider, email, shippingAddress, currency, successUrl, cancelUrl }) =>
      session.call<CheckoutAnswer>(`${shopApi(subjectId)}/orders/${order.id}/checkout`, {
        method: "POST",
        body: {
          provider,
          email,
          ...(shippingAddress ? { shippingAddress } : {}),
          ...(currency ? { billingModule: { currency: { id: currency.id } } } : {}),
          successUrl,
          cancelUrl,
        },
      }),
    );
  };

  return (
    <form onSubmit={submit} noValidate data-order-checkout={order.id}>
      <Stack gap="md">
        <CheckoutFields form={form} currencies={currencies} />
        <TotalsList totals={chosen} />
        <Button type="submit" size="md" disabled={!subjectId || form.pending}>
          {form.pending ? t("redirecting") : t("checkout")}
        </Button>
      </Stack>
    </form>
  );
}

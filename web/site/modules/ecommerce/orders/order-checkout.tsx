import { Button } from "@mantine/core";
import { Stack } from "../../../render/primitives.js";
import type { FormEvent } from "react";
import { useSession } from "../../../session/use-session.js";
import type { VariantProps } from "../../../variant-types.js";
import { useCart } from "../cart/use-cart.js";
import { CheckoutFields } from "../checkout/checkout-fields.js";
import { asOrder } from "./order-parts.js";
import { needsShipping, shopApi, type CheckoutAnswer } from "../helpers/shop-api.js";
import { useCheckoutForm } from "../checkout/use-checkout-form.js";
import { useShop } from "../helpers/use-shop.js";
import { usePricing } from "../checkout/use-pricing.js";
import { PriceBreakdown } from "../checkout/price-breakdown.js";
import { ShippingChoice } from "../checkout/shipping-choice.js";
import { DiscountCodeField } from "../checkout/discount-code-field.js";

/**
 * Order variant 'checkout': pays for one cart order (currency, provider, email, delivery, codes,
 * 'Checkout'), then the payment page; what it costs is the order's quote, as on the cart page.
 */
export function OrderCheckout({ record }: VariantProps) {
  const { t } = useShop();
  const { store: session } = useSession();
  const { subjectId } = useCart();
  const order = asOrder(record);
  const currencies = order.total.map((total) => total.billingModuleCurrency);
  const form = useCheckoutForm(currencies, needsShipping([order]));
  const chosen = order.total.filter((total) => total.billingModuleCurrency.id === form.currency?.id);
  const pricing = usePricing({
    subjectId,
    orders: [order],
    currencyId: form.currency?.id,
    address: form.address,
    email: form.email,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subjectId || pricing.pending || pricing.problem) return;
    form.submit(({ provider, email, shippingAddress, currency, successUrl, cancelUrl }) =>
      session.call<CheckoutAnswer>(`${shopApi(subjectId)}/orders/${order.id}/checkout`, {
        method: "POST",
        body: {
          provider,
          email,
          ...(shippingAddress ? { shippingAddress } : {}),
          ...(currency ? { billingModule: { currency: { id: currency.id } } } : {}),
          ...pricing.choices(),
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
        <ShippingChoice pricing={pricing} />
        <DiscountCodeField pricing={pricing} />
        <PriceBreakdown quote={pricing.quote} totals={chosen} pending={pricing.pending} />
        <Button
          type="submit"
          size="md"
          disabled={!subjectId || form.pending || pricing.pending || Boolean(pricing.problem)}
        >
          {form.pending ? t("redirecting") : t("checkout")}
        </Button>
      </Stack>
    </form>
  );
}

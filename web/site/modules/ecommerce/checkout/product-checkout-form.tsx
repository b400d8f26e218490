import { Button, NumberInput, Textarea } from "@mantine/core";
import { Group, Stack, Text } from "../../../render/primitives.js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Row } from "../../../../../common/site/page-data.js";
import { useSession } from "../../../session/use-session.js";
import { useCart } from "../cart/use-cart.js";
import { CheckoutFields } from "./checkout-fields.js";
import { multiplyAmount } from "../../../../../common/money.js";
import { decimalsOf, moneyLabel, priceCurrencies, productPrices, type Price } from "../helpers/price.js";
import { PriceTag } from "../products/price-tag.js";
import { shopApi, type CheckoutAnswer } from "../helpers/shop-api.js";
import { useCheckoutForm } from "./use-checkout-form.js";
import { useShop } from "../helpers/use-shop.js";
import { usePricing } from "./use-pricing.js";
import { hasBreakdown } from "../helpers/quote.js";
import { PriceBreakdown } from "./price-breakdown.js";
import { ShippingChoice } from "./shipping-choice.js";
import { DiscountCodeField } from "./discount-code-field.js";

/**
 * The product checkout form: currency toggle, provider, email, address, quantity and comment, the
 * delivery and discount codes, then what it costs — the product quote's breakdown
 * (docs/shop-pricing.md: the same figures the checkout charges), or price × quantity in a shop
 * without pricing rules — and 'One step checkout'. An order is made and paid at once, without the
 * cart; the browser then goes to the payment URL.
 */
export function ProductCheckoutForm({ product, storeProduct }: { product: Row; storeProduct?: Row }) {
  const { t, site } = useShop();
  const { store: session } = useSession();
  const { subjectId, session: state } = useCart();
  const ready = Boolean(subjectId) || state.status === "signed-out";
  const prices = productPrices(site, product.id, site.language, storeProduct);
  const form = useCheckoutForm(priceCurrencies(prices), product.shipping === "required");
  const [quantity, setQuantity] = useState<number | string>(1);
  const [comment, setComment] = useState("");
  const count = typeof quantity === "number" ? quantity : Number.parseInt(quantity, 10);
  const price = prices.find((p) => p.currency && p.currency.id === form.currency?.id);
  const storeId = typeof storeProduct?.storeId === "string" ? storeProduct.storeId : undefined;
  // The quote is the subject's: a visitor opening this form becomes a guest now, as on adding to
  // the cart, so the delivery, tax and codes are priced before paying (not discovered after).
  const guestAsked = useRef(false);
  useEffect(() => {
    if (state.status !== "signed-out" || guestAsked.current) return;
    guestAsked.current = true;
    // Not started: the quote is not shown, and paying starts the guest itself (submit below).
    session.startGuest(site.language).catch(() => undefined);
  }, [state.status, session, site.language]);
  const pricing = usePricing({
    subjectId,
    ...(Number.isInteger(count) && count >= 1
      ? { product: { productId: product.id, quantity: count, ...(storeId ? { storeId } : {}) } }
      : {}),
    currencyId: form.currency?.id,
    address: form.address,
    email: form.email,
  });
  const breakdown = pricing.quote && hasBreakdown(pricing.quote) ? pricing.quote : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !Number.isInteger(count) || count < 1 || pricing.pending || pricing.problem) return;
    // A visitor with no session checks out as a guest (docs/shop.md "The buyer's path").
    form.submit(async ({ provider, email, shippingAddress, currency, successUrl, cancelUrl }) =>
      session.call<CheckoutAnswer>(
        `${shopApi(subjectId ?? (await session.startGuest(site.language)))}/products/${product.id}/checkout`,
        {
          method: "POST",
          body: {
            provider,
            email,
            ...(shippingAddress ? { shippingAddress } : {}),
            quantity: count,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
            ...(storeId ? { storeId } : {}),
            ...(currency ? { billingModule: { currency: { id: currency.id } } } : {}),
            ...pricing.choices(),
            successUrl,
            cancelUrl,
          },
        },
      ),
    );
  };

  return (
    <form onSubmit={submit} noValidate data-product-checkout={product.id}>
      <Stack gap="sm">
        <CheckoutFields form={form} currencies={priceCurrencies(prices)} />
        <NumberInput
          label={t("quantity")}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          w={140}
        />
        <Textarea
          label={t("comment")}
          placeholder={t("commentPlaceholder")}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <ShippingChoice pricing={pricing} />
        <DiscountCodeField pricing={pricing} />
        {price ? <ChosenPrice price={price} quantity={breakdown ? 1 : count} /> : null}
        {breakdown ? <PriceBreakdown quote={breakdown} totals={[]} pending={pricing.pending} /> : null}
        {/* Not while the figures shown are not yet those of the choices, nor when they cannot be paid. */}
        <Button
          type="submit"
          size="md"
          disabled={!ready || form.pending || pricing.pending || Boolean(pricing.problem)}
          mt="xs"
          data-checkout-submit=""
        >
          {form.pending ? t("redirecting") : t("oneStepCheckout")}
        </Button>
      </Stack>
    </form>
  );
}

/** The price in the chosen currency, and what the quantity costs when it is more than one (without a breakdown beside it). */
function ChosenPrice({ price, quantity }: { price: Price; quantity: number }) {
  const { t } = useShop();
  const amount =
    Number.isInteger(quantity) && quantity > 1
      ? multiplyAmount(price.amount, quantity, decimalsOf(price.currency))
      : undefined;
  return (
    <Group justify="space-between" align="center" data-chosen-price="">
      <PriceTag price={price} size="lg" />
      {amount ? (
        <Text fw={800} fz="lg">
          {t("total")}: {moneyLabel(amount, price.currency)}
        </Text>
      ) : null}
    </Group>
  );
}

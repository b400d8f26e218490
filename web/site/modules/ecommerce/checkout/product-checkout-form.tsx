import { Button, NumberInput, Textarea } from "@mantine/core";
import { Group, Stack, Text } from "../../../render/primitives.js";
import { useState, type FormEvent } from "react";
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

/**
 * The product checkout form: currency toggle, provider, email, comment and
 * quantity, 'One step checkout', then the price once a currency is chosen. An order is made and
 * paid at once, without the cart; the browser then goes to the payment URL.
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !Number.isInteger(count) || count < 1) return;
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
            ...(typeof storeProduct?.storeId === "string" ? { storeId: storeProduct.storeId } : {}),
            ...(currency ? { billingModule: { currency: { id: currency.id } } } : {}),
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
        {price ? <ChosenPrice price={price} quantity={count} /> : null}
        <Button type="submit" size="md" disabled={!ready || form.pending} mt="xs">
          {form.pending ? t("redirecting") : t("oneStepCheckout")}
        </Button>
      </Stack>
    </form>
  );
}

/** The price in the chosen currency, and what the quantity costs when it is more than one. */
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

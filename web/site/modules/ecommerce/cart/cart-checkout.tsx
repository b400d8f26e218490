import { Button, Grid } from "@mantine/core";
import { Card, Group, Stack, Text, Title } from "../../../render/primitives.js";
import { useMemo, useState, type FormEvent } from "react";
import type { Row } from "../../../../../common/site/page-data.js";
import { useSession } from "../../../session/use-session.js";
import { CheckoutFields } from "../checkout/checkout-fields.js";
import { OrderCartDefault } from "../orders/order-cart-default.js";
import { OrderFormFieldDefault } from "../orders/order-form-field-default.js";
import { itemsIn } from "../orders/order-parts.js";
import { OrderSelectionContext } from "../orders/order-selection.js";
import { PRODUCTS_PAGE, needsShipping, shopApi, type CheckoutAnswer, type Order } from "../helpers/shop-api.js";
import { commonTotals } from "../helpers/totals.js";
import { useCheckoutForm } from "../checkout/use-checkout-form.js";
import { useShop } from "../helpers/use-shop.js";
import { usePricing } from "../checkout/use-pricing.js";
import { PriceBreakdown } from "../checkout/price-breakdown.js";
import { ShippingChoice } from "../checkout/shipping-choice.js";
import { DiscountCodeField } from "../checkout/discount-code-field.js";

/**
 * The cart checkout screen's body: the cart orders, each with its checkbox,
 * quantity and Delete; beside them what the chosen orders cost (the quote's breakdown, or the
 * totals per currency in a shop without pricing rules), the currency toggle, the provider, the
 * invoice email, the address, the delivery and the discount codes, and 'Checkout', which goes to
 * the payment URL.
 */
export function CartCheckout({ subjectId, orders }: { subjectId: string; orders: Order[] }) {
  const { t, href } = useShop();
  const { store: session } = useSession();
  // Orders left out; anything added later is in by default.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const chosen = orders.filter((order) => !excluded.has(order.id));
  const totals = commonTotals(chosen.map((order) => order.total));
  const currencies = totals.map((total) => total.billingModuleCurrency);
  const form = useCheckoutForm(currencies, needsShipping(chosen));
  const pricing = usePricing({
    subjectId,
    orders: chosen,
    currencyId: form.currency?.id,
    address: form.address,
    email: form.email,
  });
  const [problem, setProblem] = useState<string>();
  const selection = useMemo(
    () => ({
      selected: new Set(orders.map((o) => o.id).filter((id) => !excluded.has(id))),
      toggle: (id: string, on: boolean) =>
        setExcluded((previous) => {
          const next = new Set(previous);
          if (on) next.delete(id);
          else next.add(id);
          return next;
        }),
    }),
    [orders, excluded],
  );

  if (!orders.length) {
    return (
      <Stack gap="md" align="flex-start" data-cart-empty="">
        <Text fz="lg">{t("emptyCart")}</Text>
        <Button component="a" href={href(PRODUCTS_PAGE)} variant="light">
          {t("browseProducts")}
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const currency = form.currency;
    const reason = !chosen.length ? t("chooseOrders") : !currency ? t("noCommonCurrency") : undefined;
    setProblem(reason);
    if (reason || !currency || pricing.pending || pricing.problem) return;
    form.submit(({ provider, email, shippingAddress, successUrl, cancelUrl }) =>
      session.call<CheckoutAnswer>(`${shopApi(subjectId)}/orders/checkout`, {
        method: "POST",
        body: {
          provider,
          email,
          ...(shippingAddress ? { shippingAddress } : {}),
          billingModule: { currency: { id: currency.id } },
          ecommerceModule: { orders: chosen.map((order) => ({ id: order.id })) },
          ...pricing.choices(),
          successUrl,
          cancelUrl,
        },
      }),
    );
  };

  return (
    <Grid gap="xl" data-cart-checkout="">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3}>{t("yourCart")}</Title>
            <Text c="dimmed" fz="sm">
              {`${t("items")}: ${orders.reduce((sum, order) => sum + itemsIn(order), 0)}`}
            </Text>
          </Group>
          <OrderSelectionContext.Provider value={selection}>
            {orders.map((order) => (
              <Group key={order.id} align="flex-start" wrap="nowrap" gap="sm">
                <OrderFormFieldDefault record={order as unknown as Row} />
                <OrderCartDefault record={order as unknown as Row} />
              </Group>
            ))}
          </OrderSelectionContext.Provider>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="lg" padding="lg" style={{ position: "sticky", top: 88 }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Title order={3}>{t("checkout")}</Title>
              <PriceBreakdown quote={pricing.quote} totals={totals} pending={pricing.pending} />
              <CheckoutFields form={form} currencies={currencies} />
              <ShippingChoice pricing={pricing} />
              <DiscountCodeField pricing={pricing} />
              {problem ? (
                <Text c="red" fz="sm" role="alert">
                  {problem}
                </Text>
              ) : null}
              {/* Not while the figures shown are not yet those of the choices, nor when they cannot be paid. */}
              <Button
                type="submit"
                size="md"
                fullWidth
                disabled={form.pending || pricing.pending || Boolean(pricing.problem)}
                data-checkout-submit=""
              >
                {form.pending ? t("redirecting") : t("checkout")}
              </Button>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

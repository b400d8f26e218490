import { Anchor, Divider } from "@mantine/core";
import { Stack, Text } from "../../../render/primitives.js";
import { LoadingSkeleton } from "../../../render/loading-skeleton.js";
import { Section } from "../../../render/section.js";
import { WidgetHeading } from "../../../render/widget-heading.js";
import type { VariantProps } from "../../../variant-types.js";
import { CartCheckout } from "../cart/cart-checkout.js";
import { useCart } from "../cart/use-cart.js";
import { OrderHistory } from "../orders/order-history.js";
import { PaymentNotice } from "../checkout/payment-notice.js";
import { SIGN_IN_PAGE } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";

/**
 * Ecommerce widget 'order-list-default', the cart checkout screen: the signed-in subject's cart
 * with checkout, then its past orders with their status. All of it is the visitor's own, so it
 * is loaded in the browser after hydration; the server draws a skeleton.
 */
export function OrderListDefault({ record }: VariantProps) {
  const { t, href } = useShop();
  const { session, subjectId, state } = useCart();
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      <PaymentNotice />
      {session.status === "signed-out" ? (
        <Text fz="lg" data-cart-signed-out="">
          {t("signInToSeeCart")} <Anchor href={href(SIGN_IN_PAGE)}>{t("signIn")}</Anchor>
        </Text>
      ) : null}
      {session.status === "loading" || (subjectId && !state.loaded) ? <LoadingSkeleton lines={4} /> : null}
      {subjectId && state.loaded ? (
        <Stack gap={48}>
          <CartCheckout subjectId={subjectId} orders={state.orders} />
          <Divider />
          <OrderHistory subjectId={subjectId} />
        </Stack>
      ) : null}
    </Section>
  );
}

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
import { LinkedOrder, useLinkedOrder } from "../orders/linked-order.js";

/**
 * Ecommerce widget 'order-list-default', the cart checkout screen: the signed-in subject's cart
 * with checkout, then its past orders with their status. All of it is the visitor's own, so it
 * is loaded in the browser after hydration; the server draws a skeleton.
 */
export function OrderListDefault({ record }: VariantProps) {
  const { t, href } = useShop();
  const { session, subjectId, state } = useCart();
  const link = useLinkedOrder();
  // A guest (a session with no identity yet): its orders are kept once it signs up or in.
  const guest = session.status === "signed-in" && session.subject.identities.length === 0;
  const signIn = `${href(SIGN_IN_PAGE)}?reason=cart`;
  return (
    <Section record={record}>
      <WidgetHeading record={record} />
      <PaymentNotice />
      {link ? <LinkedOrder orderId={link.orderId} token={link.token} /> : null}
      {session.status === "signed-out" ? (
        <Stack gap="xs" data-cart-signed-out="">
          <Text fz="lg">{t("emptyCart")}</Text>
          <Text>
            {t("signInToSeeCart")} <Anchor href={signIn}>{t("signIn")}</Anchor>
          </Text>
        </Stack>
      ) : null}
      {guest ? (
        <Text c="dimmed" fz="sm" mb="md" data-guest-note="">
          {t("guestNote")} <Anchor href={signIn}>{t("signIn")}</Anchor>
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

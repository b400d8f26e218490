import { Button } from "@mantine/core";
import { useState } from "react";
import { useSession } from "../../../session/use-session.js";
import { goTo } from "../../rbac/routes.js";
import { rememberCheckedOut } from "../checkout/checked-out-orders.js";
import { showSuccess, useAction } from "../../rbac/use-action.js";
import { paymentHref, shopApi, type CheckoutAnswer } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";
import { addressLines } from "../../../../../common/postal-address.js";

/** How the order is reached: as the signed-in subject's own, or by a mailed link's token. */
export type PayVia = { subjectId: string } | { token: string };

/** The order a mailed link opens (GET /api/ecommerce/order-links/{id}?token=…). */
export const orderLinkApi = (orderId: string, token: string) =>
  `/api/ecommerce/order-links/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;

/**
 * 'Pay now' for an unpaid order (docs/shop.md): the server answers the same invoice while its payment
 * page is valid, else a new one at today's prices; the browser goes to its payment page.
 */
export function PayNowButton({ orderId, via }: { orderId: string; via: PayVia }) {
  const { t, language } = useShop();
  const { store } = useSession();
  const [leaving, setLeaving] = useState(false);
  const { pending, act } = useAction(async () => {
    const url =
      "subjectId" in via
        ? `${shopApi(via.subjectId)}/orders/${orderId}/pay`
        : `/api/ecommerce/order-links/${encodeURIComponent(orderId)}/pay`;
    const answer = await store.call<CheckoutAnswer>(url, {
      method: "POST",
      ...("token" in via ? { query: { token: via.token } } : {}),
    });
    setLeaving(true);
    const href = paymentHref(answer, language);
    // The thank-you page names this order when the payer comes back (payment-notice.tsx).
    rememberCheckedOut([orderId]);
    goTo(href);
  });
  return (
    <Button size="xs" onClick={() => void act()} disabled={pending || leaving} data-pay-now={orderId}>
      {pending || leaving ? t("redirecting") : t("payNow")}
    </Button>
  );
}

/**
 * 'Back to cart' for the subject's own unpaid order (after a declined payment, or instead of
 * paying): its items return to the cart (…/orders/{id}/back-to-cart); `done` then reloads the lists.
 */
export function BackToCartButton({
  orderId,
  subjectId,
  done,
}: {
  orderId: string;
  subjectId: string;
  done: () => Promise<void>;
}) {
  const { t } = useShop();
  const { store } = useSession();
  const { pending, act } = useAction(async () => {
    await store.call(`${shopApi(subjectId)}/orders/${orderId}/back-to-cart`, { method: "POST" });
    showSuccess(t("backInCart"));
    await done();
  });
  return (
    <Button size="xs" variant="default" onClick={() => void act()} disabled={pending} data-back-to-cart={orderId}>
      {t("backToCart")}
    </Button>
  );
}

/** An address on one line, as the order shows it (the country named in the page's language). */
export const addressText = (a: unknown, language: string) => addressLines(a, language).join(", ");

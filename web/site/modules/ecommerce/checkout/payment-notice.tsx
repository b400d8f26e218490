import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { orderNumber } from "../../../../../common/order-number.js";
import { Text } from "../../../render/primitives.js";
import { useSession } from "../../../session/use-session.js";
import { useCart } from "../cart/use-cart.js";
import { shopApi, type Order } from "../helpers/shop-api.js";
import { statusText } from "../helpers/strings.js";
import { useShop } from "../helpers/use-shop.js";
import { checkedOutOrders } from "./checked-out-orders.js";

/**
 * Back from the payment page (…/cart?payment=paid or declined): says how it went. Read after
 * hydration: the query string is not part of the cached page. After a payment it names the
 * orders this tab checked out, each by the number the mails and the order desk use, with its
 * status in the desk's words ("Paid" where the desk says paid, "Awaiting payment" while the
 * provider's notification has not come yet).
 */
export function PaymentNotice() {
  const { t } = useShop();
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => setOutcome(new URLSearchParams(window.location.search).get("payment")), []);
  if (outcome === "paid") {
    return (
      <Alert color="teal" variant="light" mb="lg" data-payment-outcome="paid">
        {t("paymentPaid")}
        <PaidOrders />
      </Alert>
    );
  }
  if (outcome === "declined") {
    return (
      <Alert color="orange" variant="light" mb="lg" data-payment-outcome="declined">
        {t("paymentDeclined")}
      </Alert>
    );
  }
  return null;
}

/** The orders just paid for, as the visitor's own past orders read them now. */
function PaidOrders() {
  const { language, t } = useShop();
  const { store } = useSession();
  const { subjectId } = useCart();
  const [orders, setOrders] = useState<Order[]>([]);
  useEffect(() => {
    const ids = checkedOutOrders();
    if (!subjectId || ids.length === 0) return;
    let live = true;
    store
      .call<Order[]>(`${shopApi(subjectId)}/orders`, { query: { type: "history" } })
      .then((found) => live && setOrders(found.filter((order) => ids.includes(order.id))))
      // Without them the thanks stands alone: the orders list below says the rest.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [store, subjectId]);
  return orders.map((order) => (
    <Text key={order.id} fw={600} mt={4} data-paid-order={order.id} data-paid-order-status={order.status}>
      {t("order")} {orderNumber(order.id)}: {statusText(order.status, language)}
    </Text>
  ));
}

import { Skeleton } from "@mantine/core";
import { Stack, Text, Title } from "../../../render/primitives.js";
import { useEffect, useState } from "react";
import type { Row } from "../../../../../common/site/page-data.js";
import { useSession } from "../../../session/use-session.js";
import { showError } from "../../rbac/use-action.js";
import { OrderHistoryDefault } from "./order-history-default.js";
import { loadCurrencies, withOrderedTotals } from "../helpers/currencies.js";
import { shopApi, type Order } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";
import { useCart } from "../cart/use-cart.js";

/** The subject's past orders (GET …/orders?type=history), newest first, each with its status. */
export function OrderHistory({ subjectId }: { subjectId: string }) {
  const { t } = useShop();
  const { store } = useSession();
  const cart = useCart();
  const [orders, setOrders] = useState<Order[]>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([
      store.call<Order[]>(`${shopApi(subjectId)}/orders`, { query: { type: "history" } }),
      loadCurrencies(store.call),
    ])
      .then(([found, currencies]) => live && setOrders(withOrderedTotals([...found].reverse(), currencies)))
      .catch((error) => {
        if (live) setOrders([]);
        showError(error);
      });
    return () => {
      live = false;
    };
  }, [store, subjectId, version]);
  // Back to cart moved an order from this list to the cart: both are read again.
  const backToCart = async () => {
    setVersion((v) => v + 1);
    await cart.store.reload();
  };
  return (
    <Stack gap="sm" data-order-history="">
      <Title order={3}>{t("orderHistory")}</Title>
      {orders === undefined ? <Skeleton height={64} radius="md" /> : null}
      {orders?.length === 0 ? <Text c="dimmed">{t("noOrders")}</Text> : null}
      {orders?.map((order) => (
        <OrderHistoryDefault key={order.id} record={order as unknown as Row} backToCart={backToCart} />
      ))}
    </Stack>
  );
}

import { Alert, Skeleton } from "@mantine/core";
import { useEffect, useState } from "react";
import type { Row } from "../../../../../common/site/page-data.js";
import { Stack, Title } from "../../../render/primitives.js";
import { useSession } from "../../../session/use-session.js";
import { loadCurrencies, withOrderedTotals } from "../helpers/currencies.js";
import type { Order } from "../helpers/shop-api.js";
import { useShop } from "../helpers/use-shop.js";
import { OrderHistoryDefault } from "./order-history-default.js";
import { orderLinkApi } from "./pay-now.js";

/** The order a mailed link names (…/cart?order={id}&token=…), read after hydration: the query string is not part of the cached page. */
export function useLinkedOrder(): { orderId: string; token: string } | undefined {
  const [link, setLink] = useState<{ orderId: string; token: string }>();
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const orderId = query.get("order");
    const token = query.get("token");
    if (orderId && token) setLink({ orderId, token });
  }, []);
  return link;
}

/**
 * The cart page opened from an order mail's link (docs/shop.md): that one order, by the link's
 * token, with 'Pay now' while it is unpaid, for a buyer with or without a session.
 */
export function LinkedOrder({ orderId, token }: { orderId: string; token: string }) {
  const { t } = useShop();
  const { store } = useSession();
  // null: refused; "expired": the link's own order, past ORDER_LINK_MAX_AGE_DAYS.
  const [order, setOrder] = useState<Order | null | "expired">();
  useEffect(() => {
    let live = true;
    Promise.all([store.call<Order>(orderLinkApi(orderId, token)), loadCurrencies(store.call)])
      .then(([found, currencies]) => live && setOrder(withOrderedTotals([found], currencies)[0]!))
      .catch(
        (error) => live && setOrder(error instanceof Error && error.message.includes("has expired") ? "expired" : null),
      );
    return () => {
      live = false;
    };
  }, [store, orderId, token]);
  return (
    <Stack gap="sm" mb="xl" data-linked-order={orderId}>
      <Title order={3}>{t("linkedOrder")}</Title>
      {order === undefined ? <Skeleton height={64} radius="md" /> : null}
      {order === null || order === "expired" ? (
        <Alert color="orange" variant="light" data-linked-order-invalid={order ?? ""}>
          {t(order === "expired" ? "linkedOrderExpired" : "linkedOrderInvalid")}
        </Alert>
      ) : null}
      {order && order !== "expired" ? <OrderHistoryDefault record={order as unknown as Row} via={{ token }} /> : null}
    </Stack>
  );
}

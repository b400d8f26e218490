import { Button, Divider, Drawer, Skeleton, useMatches } from "@mantine/core";
import { Stack, Text } from "../../../render/primitives.js";
import type { Row } from "../../../../../common/site/page-data.js";
import { useCart } from "./use-cart.js";
import { OrderCartDefault } from "../orders/order-cart-default.js";
import { CART_PAGE, PRODUCTS_PAGE } from "../helpers/shop-api.js";
import { TotalsList } from "../orders/totals-list.js";
import { useShop } from "../helpers/use-shop.js";
import { AddedAtCheckout } from "./added-at-checkout.js";

/** The drawer titled 'Cart' (400px wide, 540px on larger screens): the cart's orders, totals and the way to checkout. */
export function CartDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, href } = useShop();
  const { state } = useCart();
  const size = useMatches({ base: 400, sm: 540 });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={
        <Text component="span" fw={800} fz="xl">
          {t("cart")}
        </Text>
      }
      position="right"
      size={size}
      zIndex={300}
      data-cart-drawer=""
    >
      {!state.loaded ? (
        <Stack gap="sm">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : state.orders.length === 0 ? (
        <Stack gap="md" align="flex-start">
          <Text>{t("emptyCart")}</Text>
          <Button component="a" href={href(PRODUCTS_PAGE)} variant="light">
            {t("browseProducts")}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {state.orders.map((order) => (
            <OrderCartDefault key={order.id} record={order as unknown as Row} />
          ))}
          <Divider my="xs" />
          <TotalsList totals={state.total} />
          <AddedAtCheckout />
          <Button component="a" href={href(CART_PAGE)} size="md" fullWidth mt="xs" data-go-to-checkout="">
            {t("goToCheckout")}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

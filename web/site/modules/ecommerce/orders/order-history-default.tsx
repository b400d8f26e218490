import { Badge } from "@mantine/core";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { VariantProps } from "../../../variant-types.js";
import { asOrder, lineTitle } from "./order-parts.js";
import { statusText } from "../helpers/strings.js";
import { orderNumber } from "../../../../../common/order-number.js";
import { inlineTotals } from "./totals-list.js";
import { useShop } from "../helpers/use-shop.js";
import { useCart } from "../cart/use-cart.js";
import { BackToCartButton, PayNowButton, addressText, type PayVia } from "./pay-now.js";

const STATUS_COLORS: Record<string, string> = {
  new: "gray",
  paying: "yellow",
  approving: "blue",
  packaging: "indigo",
  delivering: "cyan",
  delivered: "teal",
  canceled: "red",
};

/**
 * Order variant 'history-default': a past order: its number (the mails' and the order desk's), date, lines, total and status, where it
 * ships to, and 'Pay now' while it is unpaid (`paying`), with 'Back to cart' for the subject's own
 * (`backToCart`: what to reload after it). `via`: how to pay it (a mailed link's token); by
 * default as the signed-in subject's own order.
 */
export function OrderHistoryDefault({
  record,
  via,
  backToCart,
}: VariantProps & { via?: PayVia; backToCart?: () => Promise<void> }) {
  const { language, t } = useShop();
  const { subjectId } = useCart();
  const order = asOrder(record);
  const payVia = via ?? (subjectId ? { subjectId } : undefined);
  const shipsTo = addressText(order.shippingAddress, language);
  // The other orders its one payment was for: the total above is theirs together.
  const others = order.charged?.orders.filter((id) => id !== order.id) ?? [];
  const date = order.createdAt
    ? new Intl.DateTimeFormat(language === "en" ? "en-US" : language, {
        dateStyle: "medium",
        timeStyle: "short",
      }).format(new Date(order.createdAt))
    : "";
  return (
    <Paper withBorder radius="md" p="sm" data-history-order={order.id} data-status={order.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fz="xs" c="dimmed">
            {t("order")} {orderNumber(order.id)} · {date}
          </Text>
          <Badge
            color={STATUS_COLORS[order.status ?? ""] ?? "gray"}
            variant="light"
            style={{ flexShrink: 0 }}
            data-order-status={order.status}
          >
            {statusText(order.status, language)}
          </Badge>
        </Group>
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            {order.ordersToProducts.map((line) => (
              <Text key={line.id} fw={600} fz="sm" lineClamp={2}>
                {lineTitle(line, language)} × {line.quantity}
              </Text>
            ))}
          </Stack>
          {/* What the payment charged (delivery, tax and discounts in), else the goods' total. */}
          <Text
            fz="sm"
            fw={700}
            style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
            data-order-total={order.charged ? order.charged.total : undefined}
          >
            {inlineTotals(order.charged ? [order.charged] : order.total)}
          </Text>
        </Group>
        {others.length ? (
          <Text fz="xs" c="dimmed" data-paid-with="">
            {t(others.length > 1 ? "paidWithMany" : "paidWith")} {others.map(orderNumber).join(", ")}
          </Text>
        ) : null}
        {shipsTo ? (
          <Text fz="xs" c="dimmed" data-ships-to="">
            {t("shipsTo")}: {shipsTo}
          </Text>
        ) : null}
        {order.status === "paying" && payVia ? (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {t("unpaidNote")}
            </Text>
            <Group gap="xs" wrap="nowrap">
              {backToCart && "subjectId" in payVia ? (
                <BackToCartButton orderId={order.id} subjectId={payVia.subjectId} done={backToCart} />
              ) : null}
              <PayNowButton orderId={order.id} via={payVia} />
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

import { Anchor } from "@mantine/core";
import { Group, Paper, Stack, Text } from "../../../render/primitives.js";
import type { Row } from "../../../../../common/site/page-data.js";
import type { VariantProps } from "../../../variant-types.js";
import { productHref } from "../helpers/links.js";
import { OrderDelete } from "./order-delete.js";
import { asOrder, lineTitle } from "./order-parts.js";
import { OrderQuantityUpdate } from "./order-quantity-update.js";
import { moneyLabel } from "../helpers/price.js";
import { useShop } from "../helpers/use-shop.js";
import { stockMessage } from "../helpers/stock.js";

/** Order variant 'cart-default': one cart order as a row: its product, quantity, amount per currency and Delete. */
export function OrderCartDefault({ record }: VariantProps) {
  const { language } = useShop();
  const order = asOrder(record);
  const [first, ...others] = order.total;
  return (
    <Paper withBorder radius="md" p="sm" data-cart-order={order.id} style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={8} miw={0}>
          {order.ordersToProducts.map((line) => (
            <Anchor
              key={line.id}
              href={line.product?.slug ? productHref(line.product as Row, language) : undefined}
              fw={600}
              c="dark"
              lineClamp={2}
            >
              {lineTitle(line, language)}
            </Anchor>
          ))}
          {order.ordersToProducts.map((line) =>
            // The stock ran out (or fell below the quantity) since it was added: the checkout would refuse it.
            typeof line.available === "number" && line.available < Number(line.quantity) ? (
              <Text key={`stock-${line.id}`} fz="sm" fw={600} c="red.9" role="status" data-line-stock={line.available}>
                {line.available === 0
                  ? stockMessage("lineSoldOut", language)
                  : stockMessage("lineOnlyLeft", language, { count: line.available })}
              </Text>
            ) : null,
          )}
          <OrderQuantityUpdate record={record} />
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          {first ? (
            <Text
              fw={700}
              data-order-total={first.total}
              style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
            >
              {moneyLabel(first.total, first.billingModuleCurrency)}
            </Text>
          ) : null}
          {others.map(({ total, billingModuleCurrency }) => (
            <Text
              key={billingModuleCurrency.id}
              fz="xs"
              c="dimmed"
              style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
            >
              {moneyLabel(total, billingModuleCurrency)}
            </Text>
          ))}
          <OrderDelete record={record} />
        </Stack>
      </Group>
    </Paper>
  );
}

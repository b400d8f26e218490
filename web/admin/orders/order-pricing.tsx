import { Table, Text } from "@mantine/core";
import type { OrdersTexts } from "./orders-texts.js";
import type { DeskOrderPage } from "./use-desk.js";

/** "19.00" → "19", "7.50" → "7.5": a percent as people write it. */
const percent = (rate: string) => (rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate);
const isZero = (amount: string | null | undefined) => !amount || /^0*(\.0*)?$/.test(amount);

/**
 * What the order's invoice charged, from its breakdown (common/admin/desk-order.ts `pricing`): each
 * line with its price, discount and tax (a checkout of several cart orders is one invoice: their
 * lines too, marked with their order's number), then the subtotal, the discount with its codes, delivery
 * with its option, the tax per rate ("incl. VAT 19%" inside gross prices, "VAT 19%" added to net
 * ones) and the total; with a Refunded column, once something was refunded, saying what refunds
 * gave back of each line, of delivery and of the tax.
 */
export function OrderPricing({ order, t }: { order: DeskOrderPage; t: OrdersTexts }) {
  const pricing = order.pricing;
  if (!pricing) return null;
  // Exactly as the invoice wrote them; the currency is named once, in the heading above (order-page.tsx).
  const shown = (amount: string | null | undefined) => amount ?? "—";
  const numeric = { whiteSpace: "nowrap" } as const;
  const refunds = !isZero(order.refunded);
  const taxRows = pricing.taxes.filter((tax) => !isZero(tax.amount));
  const row = (
    testId: string,
    label: string,
    amount: string,
    refunded?: string | null,
    options: { minus?: boolean; dimmed?: boolean; bold?: boolean; within?: boolean } = {},
  ) => (
    <Table.Tr key={`${testId}-${label}`} data-testid={testId}>
      <Table.Td colSpan={5} fw={options.bold ? 700 : undefined} c={options.dimmed ? "dimmed" : undefined}>
        {label}
      </Table.Td>
      <Table.Td
        ta="right"
        style={numeric}
        fw={options.bold ? 700 : undefined}
        c={options.dimmed ? "dimmed" : undefined}
      >
        {`${options.minus ? "−" : ""}${shown(amount)}`}
      </Table.Td>
      {refunds && (
        <Table.Td ta="right" style={numeric} c={options.within ? "dimmed" : undefined}>
          {refunded == null ? "" : options.within ? t.within(refunded) : shown(refunded)}
        </Table.Td>
      )}
    </Table.Tr>
  );
  return (
    <Table data-testid="order-pricing" mt="xs" withTableBorder verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.item}</Table.Th>
          <Table.Th ta="right" style={numeric}>
            {t.quantity}
          </Table.Th>
          <Table.Th ta="right" style={numeric}>
            {t.price}
          </Table.Th>
          <Table.Th ta="right" style={numeric}>
            {t.discount}
          </Table.Th>
          <Table.Th ta="right" style={numeric}>
            {t.tax}
          </Table.Th>
          <Table.Th ta="right" style={numeric}>
            {t.amount}
          </Table.Th>
          {refunds && (
            <Table.Th ta="right" style={numeric}>
              {t.refundedColumn}
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pricing.lines.map((line) => (
          <Table.Tr key={line.id} data-testid="pricing-line">
            <Table.Td>
              {line.title}
              {line.otherOrder && (
                <Text span size="xs" c="dimmed">
                  {` · ${t.otherOrder(line.otherOrder)}`}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {line.quantity}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {shown(line.unitPrice)}
            </Table.Td>
            <Table.Td ta="right" style={numeric} data-testid="pricing-line-discount">
              {isZero(line.discount) ? "—" : `−${shown(line.discount)}`}
            </Table.Td>
            <Table.Td ta="right" style={numeric} data-testid="pricing-line-tax">
              {line.taxRate == null ? "—" : `${shown(line.tax)} (${percent(line.taxRate)}%)`}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {shown(line.amount)}
            </Table.Td>
            {refunds && (
              <Table.Td ta="right" style={numeric}>
                {shown(line.refunded)}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        {row("pricing-subtotal", t.subtotal, pricing.subtotal)}
        {!isZero(pricing.discount) &&
          row("pricing-discount", t.discountRow(pricing.codes.join(", ")), pricing.discount, null, { minus: true })}
        {(pricing.shippingTitle || !isZero(pricing.shipping)) &&
          row("pricing-delivery", t.delivery(pricing.shippingTitle), pricing.shipping, pricing.refunded.delivery)}
        {taxRows.map((tax) =>
          row(
            "pricing-tax",
            t.taxRow(tax.title, percent(tax.rate), pricing.taxIncluded),
            tax.amount,
            taxRows.length === 1 ? pricing.refunded.tax : null,
            // Inside gross prices the tax is part of the amounts above, not added to them; what came
            // back of each part always holds its tax, so the refunded tax is "of which".
            { dimmed: pricing.taxIncluded, within: true },
          ),
        )}
        {taxRows.length > 1 &&
          row("pricing-tax-all", t.taxInAll, pricing.tax, pricing.refunded.tax, {
            dimmed: pricing.taxIncluded,
            within: true,
          })}
        {row("pricing-total", t.grandTotal, pricing.total, order.refunded, { bold: true })}
      </Table.Tbody>
      {refunds && (
        <Table.Caption style={{ textAlign: "left", fontSize: "var(--mantine-font-size-xs)" }}>
          {t.refundedHoldsTax}
        </Table.Caption>
      )}
    </Table>
  );
}

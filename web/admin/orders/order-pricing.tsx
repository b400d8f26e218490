import { Table, Text } from "@mantine/core";
import type { OrdersTexts } from "./orders-texts.js";
import { money, type DeskOrderPage } from "./use-desk.js";

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
  const shown = (amount: string | null | undefined) => money(amount ?? null, order);
  const refunds = !isZero(order.refunded);
  const taxRows = pricing.taxes.filter((tax) => !isZero(tax.amount));
  const row = (
    testId: string,
    label: string,
    amount: string,
    refunded?: string | null,
    options: { minus?: boolean; dimmed?: boolean; bold?: boolean } = {},
  ) => (
    <Table.Tr key={`${testId}-${label}`} data-testid={testId}>
      <Table.Td colSpan={5} fw={options.bold ? 700 : undefined} c={options.dimmed ? "dimmed" : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={options.bold ? 700 : undefined} c={options.dimmed ? "dimmed" : undefined}>
        {`${options.minus ? "−" : ""}${shown(amount)}`}
      </Table.Td>
      {refunds && <Table.Td ta="right">{refunded == null ? "" : shown(refunded)}</Table.Td>}
    </Table.Tr>
  );
  return (
    <Table data-testid="order-pricing" mt="md" withTableBorder verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.item}</Table.Th>
          <Table.Th ta="right">{t.quantity}</Table.Th>
          <Table.Th ta="right">{t.price}</Table.Th>
          <Table.Th ta="right">{t.discount}</Table.Th>
          <Table.Th ta="right">{t.tax}</Table.Th>
          <Table.Th ta="right">{t.amount}</Table.Th>
          {refunds && <Table.Th ta="right">{t.refundedColumn}</Table.Th>}
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
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td ta="right">{shown(line.unitPrice)}</Table.Td>
            <Table.Td ta="right" data-testid="pricing-line-discount">
              {isZero(line.discount) ? "—" : `−${shown(line.discount)}`}
            </Table.Td>
            <Table.Td ta="right" data-testid="pricing-line-tax">
              {line.taxRate == null ? "—" : `${shown(line.tax)} (${percent(line.taxRate)}%)`}
            </Table.Td>
            <Table.Td ta="right">{shown(line.amount)}</Table.Td>
            {refunds && <Table.Td ta="right">{shown(line.refunded)}</Table.Td>}
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
            // Inside gross prices the tax is part of the amounts above, not added to them.
            { dimmed: pricing.taxIncluded },
          ),
        )}
        {taxRows.length > 1 &&
          row("pricing-tax-all", t.taxInAll, pricing.tax, pricing.refunded.tax, { dimmed: pricing.taxIncluded })}
        {row("pricing-total", t.grandTotal, pricing.total, order.refunded, { bold: true })}
      </Table.Tbody>
    </Table>
  );
}

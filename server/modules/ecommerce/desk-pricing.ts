import type { DeskPricing } from "../../../common/admin/desk-order.js";
import { fromMinor, toMinor } from "../../../common/money.js";
import { text } from "../../../common/i18n/text.js";
import { orderNumber } from "../../../common/order-number.js";
import type { Language } from "../../../common/site/page-data.js";
import { placesOf, type ChargedBreakdown, type ChargedLineTitle } from "./invoice-breakdown.js";
import { DELIVERY, chargedParts, refundedParts } from "./refund-allocation.js";

export interface DeskPricingContext {
  /** The order whose page it is: the invoice's lines of other orders are marked with their number. */
  orderId: string;
  /** The invoice's refunds (billing's refundsOf): the succeeded ones' allocations say what they gave back. */
  refunds: readonly { status: string; allocation: unknown }[];
  /** The invoice's refunded amount: any part of it no allocation shares out is shared out as one. */
  refunded: string | null;
  titles: ReadonlyMap<string, ChargedLineTitle>;
  language: Language;
}

/**
 * One order's page on the desk: its invoice's breakdown as the desk shows it — each line the
 * invoice charged with its discount and tax (this order's first), the subtotal, discount, delivery,
 * tax per rate and total — with what refunds gave back of each line, of delivery and of the tax.
 */
export function deskPricing(b: ChargedBreakdown, context: DeskPricingContext): DeskPricing {
  const places = placesOf(b);
  const money = (units: bigint) => fromMinor(units, places);
  const parts = chargedParts(b, places);
  const refunded = parts
    ? refundedParts(
        parts,
        context.refunds.filter((r) => r.status === "succeeded").map((r) => r.allocation),
        toMinor(context.refunded ?? "0", places) ?? 0n,
        places,
      )
    : new Map();
  const given = (key: string) => refunded.get(key) ?? { amount: 0n, tax: 0n };
  const lines = b.lines.map((line) => {
    const bought = context.titles.get(line.id);
    const other = bought && bought.orderId !== context.orderId ? orderNumber(bought.orderId) : null;
    return {
      id: line.id,
      title: text(bought?.title, context.language) || bought?.adminTitle || line.productId,
      quantity: line.quantity,
      otherOrder: other,
      unitPrice: line.unitPrice,
      amount: line.amount,
      discount: line.discount,
      tax: line.tax,
      taxRate: line.taxRate ?? null,
      refunded: money(given(line.id).amount),
    };
  });
  const tax = [...refunded.values()].reduce((sum, p) => sum + p.tax, 0n);
  return {
    // This order's lines first, each group in the invoice's order.
    lines: [...lines.filter((l) => !l.otherOrder), ...lines.filter((l) => l.otherOrder)],
    subtotal: b.subtotal,
    discount: b.discount,
    codes: b.appliedCodes,
    shipping: b.shipping,
    shippingTitle: b.shippingTitle ? text(b.shippingTitle, context.language) || null : null,
    tax: b.tax,
    taxIncluded: b.taxIncluded,
    taxes: b.taxes.map((t) => ({ title: text(t.title, context.language), rate: t.rate, amount: t.amount })),
    total: b.total,
    refunded: { delivery: money(given(DELIVERY).amount), tax: money(tax) },
  };
}

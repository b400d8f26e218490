import type { Invoice } from "../../billing/index.js";

/**
 * The buyer's choices an invoice was priced with (its breakdown, shop-pricing.ts breakdownOf):
 * the codes applied and the delivery charged, so that Pay now prices the same order the same way.
 * An invoice from before pricing rules has none.
 */
export function choicesOf(invoice: Invoice): { discountCodes?: string[]; shippingRateId?: string } {
  const breakdown = (invoice as { breakdown?: unknown }).breakdown as
    | { appliedCodes?: unknown; shippingRateId?: unknown }
    | null
    | undefined;
  const codes = Array.isArray(breakdown?.appliedCodes) ? breakdown.appliedCodes.map(String) : [];
  const rate = typeof breakdown?.shippingRateId === "string" ? breakdown.shippingRateId : undefined;
  return { ...(codes.length ? { discountCodes: codes } : {}), ...(rate ? { shippingRateId: rate } : {}) };
}

/**
 * The orders this tab last sent to a payment page, so the page the payer comes back to
 * (…/cart?payment=paid) can name them. Kept in sessionStorage: it outlives the trip to the
 * provider's page in the same tab and no other tab sees it; the return URL stays the one the
 * provider was given, with no order ids in it.
 */
const KEY = "shop:checked-out-orders";

export function rememberCheckedOut(orderIds: string[]): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(orderIds));
  } catch {
    // Storage refused (a private mode): the thank-you notice simply names no order.
  }
}

export function checkedOutOrders(): string[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

import { sumAmounts, type Currency } from "../billing/index.js";

/** One price attribute of a line, as Orders.checkoutAttributes answers it: only its amount is read here. */
type ChargedAttribute = { amount: string | number };

/**
 * The answer of GET /api/ecommerce/orders/{id}/checkout-attributes/{currencyId}: one charge, as
 * the original client reads it (`amount`, `type`, `interval`), with the price attributes it is
 * made of beside it. The checkout makes one-off payments only (billing/payment-intents `type`
 * one_off), so the charge is one-off with no interval; `amount` is what the checkout would
 * invoice in that currency: the lines' rounded amounts added.
 */
export function checkoutCharge<A extends ChargedAttribute>(attributes: A[], currency: Currency) {
  return {
    amount: sumAmounts(
      attributes.map((a) => String(a.amount)),
      Number(currency.decimals),
    ),
    type: "one_off" as const,
    interval: null,
    billingModuleCurrency: currency,
    attributes,
  };
}

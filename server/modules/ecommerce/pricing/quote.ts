import { fromMinor, toMinor } from "../../../../common/money.js";
import { applyDiscounts } from "./discounts.js";
import { chooseShipping } from "./shipping-options.js";
import { rateFor, taxOf } from "./taxes.js";
import type { Quote, QuoteInput, QuotedTax, TaxRateRule } from "./quote-types.js";

/**
 * The one place the shop's money is computed (docs/shop-pricing.md): from the lines, their prices,
 * the destination, the shipping rates, the tax rates, the typed codes and the setting, the lines'
 * discounts and taxes, the subtotal, discount, shipping, tax and total. Pure: the same input gives
 * the same quote, which is what the cart shows, the checkout invoices and the invoice keeps.
 *
 * In minor units throughout: subtotal = Σ line amounts; discount = Σ line discounts (never more
 * than a line); shipping ≥ 0; each line's tax is computed on its amount after discount and rounded
 * half-even on its own, as is the delivery's; total = subtotal − discount + shipping + tax, or
 * without adding the tax when prices include it. No part is ever negative.
 */
export function quote(input: QuoteInput): Quote {
  const { decimals } = input.currency;
  const money = (minor: bigint) => fromMinor(minor, decimals);
  const amounts = input.lines.map((line) => {
    const minor = toMinor(line.amount, decimals) ?? 0n;
    return minor < 0n ? 0n : minor;
  });
  const subtotal = sum(amounts);
  const discounts = applyDiscounts(input, amounts, subtotal);
  const discount = sum(discounts.perLine);

  const shipping = chooseShipping(input, subtotal - discount);
  const shippingAmount = discounts.freeShipping ? 0n : shipping.amount;

  const included = input.pricesIncludeTax;
  const taxes = new Map<string, { rule: TaxRateRule; amount: bigint }>();
  const addTax = (rule: TaxRateRule | undefined, amount: bigint) => {
    if (!rule) return;
    const entry = taxes.get(rule.id) ?? { rule, amount: 0n };
    entry.amount += amount;
    taxes.set(rule.id, entry);
  };
  const lines = input.lines.map((line, i) => {
    const rule = rateFor(input, line);
    const tax = taxOf(amounts[i]! - discounts.perLine[i]!, rule, included);
    addTax(rule, tax);
    return {
      id: line.id,
      productId: line.productId,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      amount: money(amounts[i]!),
      discount: money(discounts.perLine[i]!),
      tax: money(tax),
      taxRate: rule?.rate ?? null,
    };
  });
  const shippingRule = shippingAmount > 0n ? rateFor(input, null) : undefined;
  const shippingTax = shippingRule?.taxShipping ? taxOf(shippingAmount, shippingRule, included) : 0n;
  if (shippingTax > 0n) addTax(shippingRule, shippingTax);
  const tax = sum(lines.map((l) => toMinor(l.tax, decimals) ?? 0n)) + shippingTax;
  const total = subtotal - discount + shippingAmount + (included ? 0n : tax);

  const quotedTaxes: QuotedTax[] = [...taxes.values()]
    .filter((t) => t.amount > 0n)
    .map(({ rule, amount }) => ({ id: rule.id, title: rule.title, rate: rule.rate, amount: money(amount) }));
  return {
    lines,
    subtotal: money(subtotal),
    discount: money(discount),
    shipping: money(shippingAmount),
    tax: money(tax),
    total: money(total),
    taxIncluded: included,
    taxes: quotedTaxes,
    shippingOptions: shipping.options,
    shippingRateId: shipping.rateId,
    appliedCodes: discounts.applied,
    refusedCodes: discounts.refused,
    problem: shipping.problem,
  };
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((a, b) => a + b, 0n);
}

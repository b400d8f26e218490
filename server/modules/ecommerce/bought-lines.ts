import { sumAmounts } from "../billing/index.js";
import type { Currency } from "./prices.js";
import type { Total } from "./totals.js";

/** An order line's values kept at checkout (prices.ts, `buying`): empty on a line never checked out. */
export interface KeptLine {
  id: string;
  title?: unknown;
  price?: unknown;
  amount?: unknown;
}

/** Whether the line holds the title and price it was checked out at (lines checked out before they were kept do not). */
export const wasBought = (line: KeptLine): boolean => line.amount !== null && line.amount !== undefined;

/** The title kept at checkout, when it holds a text in some language. */
export function boughtTitle(line: KeptLine): Record<string, string> | undefined {
  const title = line.title;
  if (!title || typeof title !== "object" || Object.values(title).every((text) => !text)) return undefined;
  return title as Record<string, string>;
}

/**
 * A checked-out order's total as it was charged: the exact sum of its lines' kept amounts in the
 * currency it was checked out in. Undefined when a line keeps none (then today's prices count).
 */
export function boughtTotal(lines: KeptLine[], currency: Currency | undefined): Total[] | undefined {
  if (!currency || lines.length === 0 || !lines.every(wasBought)) return undefined;
  return [
    {
      total: sumAmounts(
        lines.map((l) => String(l.amount)),
        currency.decimals,
      ),
      billingModuleCurrency: currency,
    },
  ];
}

/**
 * A past order's line as the buyer bought it: its product named by the title kept at checkout, not
 * by whatever the product is called now (an edit published since, or an unpublished one).
 */
export function asBought<L extends KeptLine & { product?: Record<string, unknown> | null; productId: string }>(
  line: L,
): L {
  const title = boughtTitle(line);
  if (!title) return line;
  return { ...line, product: { ...(line.product ?? { id: line.productId }), title } };
}

import { sql } from "kysely";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { invoicesOfIntents } from "../billing/index.js";
import type { QuotedLine, QuotedTax } from "./pricing/quote-types.js";

/**
 * What an invoice charged, part by part: the quote the checkout kept on it as its `breakdown`
 * (pricing/shop-pricing.ts breakdownOf; docs/shop-pricing.md). Billing stores it as it came and
 * never reads it; the shop reads it back here for the desk, the mails, the receipt and refunds.
 */
export interface ChargedBreakdown {
  lines: QuotedLine[];
  subtotal: string;
  discount: string;
  shipping: string;
  /** The delivery option charged for, per language; none when nothing ships. */
  shippingTitle: Record<string, string> | null;
  tax: string;
  taxes: QuotedTax[];
  taxIncluded: boolean;
  total: string;
  appliedCodes: string[];
}

const AMOUNT = /^\d+(\.\d+)?$/;
const isAmount = (value: unknown): value is string => typeof value === "string" && AMOUNT.test(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isLine(value: unknown): value is QuotedLine {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    isAmount(value.amount) &&
    isAmount(value.discount) &&
    isAmount(value.tax) &&
    (value.taxRate == null || isAmount(value.taxRate))
  );
}

function isTax(value: unknown): value is QuotedTax {
  return isRecord(value) && isAmount(value.rate) && isAmount(value.amount);
}

/**
 * An invoice's `breakdown` column read as what it charged, or undefined when it holds none (an
 * invoice from before the shop priced delivery, tax and codes: every reader then shows what it
 * showed before) or something that is not one (nothing is guessed from half a breakdown).
 */
export function chargedBreakdown(value: unknown): ChargedBreakdown | undefined {
  const b = typeof value === "string" ? parseJson(value) : value;
  if (!isRecord(b)) return undefined;
  const amounts = [b.subtotal, b.discount, b.shipping, b.tax, b.total];
  if (!amounts.every(isAmount)) return undefined;
  if (!Array.isArray(b.lines) || !b.lines.every(isLine)) return undefined;
  if (!Array.isArray(b.taxes) || !b.taxes.every(isTax)) return undefined;
  if (typeof b.taxIncluded !== "boolean") return undefined;
  return {
    lines: b.lines,
    subtotal: b.subtotal as string,
    discount: b.discount as string,
    shipping: b.shipping as string,
    shippingTitle: isRecord(b.shippingTitle) ? (b.shippingTitle as Record<string, string>) : null,
    tax: b.tax as string,
    taxes: b.taxes,
    taxIncluded: b.taxIncluded,
    total: b.total as string,
    appliedCodes: Array.isArray(b.appliedCodes) ? b.appliedCodes.filter((c) => typeof c === "string") : [],
  };
}

/** The currency's number of places, as the breakdown wrote its total ("52.84": 2; "1205": 0). */
export function placesOf(breakdown: ChargedBreakdown): number {
  return breakdown.total.split(".")[1]?.length ?? 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The breakdown of the invoice an order was charged by: the one that paid it, else its latest
 * (as the desk picks it, order-desk.ts), read through billing's invoices subquery; undefined when
 * that invoice has none, or the order none.
 */
export async function breakdownOfOrder(db: ModelQueries, orderId: string): Promise<ChargedBreakdown | undefined> {
  const row = await db
    .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
    .innerJoin(invoicesOfIntents(db).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
    .select("i.breakdown")
    .where("op.orderId", "=", orderId)
    .orderBy(sql`(i.status in ('paid', 'refunded'))`, "desc")
    .orderBy("i.createdAt", "desc")
    .executeTakeFirst();
  return chargedBreakdown(row?.breakdown);
}

/** What the invoice's lines were bought as: each line's order and the title it kept (else its product's), by line id. */
export interface ChargedLineTitle {
  orderId: string;
  title: Record<string, string> | null;
  adminTitle: string | null;
}

/**
 * The titles of an invoice's lines, one statement for all of them: a checkout of several cart
 * orders is one invoice, so its lines are of several orders, each keeping the title it was bought
 * by (bought-lines.ts), else — a line checked out before lines kept it — its product's.
 */
export async function chargedLineTitles(
  db: ModelQueries,
  lineIds: readonly string[],
): Promise<Map<string, ChargedLineTitle>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("ecommerce/orders-to-products as l")
    .innerJoin("ecommerce/products as p", "p.id", "l.productId")
    .select([
      "l.id",
      "l.orderId",
      sql<Record<string, string> | null>`coalesce(nullif(l."title", '{}'::jsonb), p."title")`.as("title"),
      "p.adminTitle",
    ])
    .where("l.id", "in", lineIds)
    .execute();
  return new Map(rows.map((r) => [r.id, { orderId: r.orderId, title: r.title, adminTitle: r.adminTitle ?? null }]));
}

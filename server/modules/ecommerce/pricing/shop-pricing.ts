import { sql } from "kysely";
import { AppError, validationError } from "../../../../engine/errors.js";
import type { ChangeFeed } from "../../../../engine/query/change-feed.js";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import type { Currency, PricedLine } from "../prices.js";
import { quote } from "./quote.js";
import type { Quote } from "./quote-types.js";
import { PricingRulesReader, type PricingRules } from "./pricing-rules.js";

/** Who buys where, and what they chose: what a quote or a checkout is priced for beside its lines. */
export interface PricingRequest {
  /** None for a buyer known by email only (a signed order link's Pay now). */
  subjectId?: string;
  email?: string;
  currency: Currency;
  /** Lines priced with their facts (Prices.buying or Prices.quoting). */
  priced: readonly PricedLine[];
  destination?: { country: string; region?: string | null };
  shippingRateId?: string;
  discountCodes?: readonly string[];
}

export interface Priced {
  quote: Quote;
  rules: PricingRules;
}

/**
 * The shop's pricing between the database and the pure quote (quote.ts): reads the rules in one
 * statement, computes the quote, and at checkout turns it into the invoice's amount and
 * breakdown, takes the codes' uses (giving them back when the invoice fails) — all inside the
 * caller's transaction.
 */
export class ShopPricing {
  private readonly rules: PricingRulesReader;
  private readonly uses: ReturnType<typeof sql.table>;
  private readonly codes: ReturnType<typeof sql.table>;

  constructor(
    registry: Registry,
    changes: ChangeFeed,
    private readonly pricesIncludeTax: boolean,
  ) {
    this.rules = new PricingRulesReader(registry, changes);
    this.uses = sql.table(registry.get("ecommerce/discount-code-uses").table);
    this.codes = sql.table(registry.get("ecommerce/discount-codes").table);
  }

  async price(db: ModelQueries, request: PricingRequest): Promise<Priced> {
    const rules = await this.rules.read(db, {
      currencyId: request.currency.id,
      ...(request.destination ? { country: request.destination.country } : {}),
      codes: request.discountCodes ?? [],
      ...(request.subjectId ? { subjectId: request.subjectId } : {}),
      ...(request.email ? { email: request.email } : {}),
    });
    const result = quote({
      currency: { id: request.currency.id, decimals: Number(request.currency.decimals) },
      pricesIncludeTax: this.pricesIncludeTax,
      lines: request.priced.map((p) => ({
        id: p.lineId,
        productId: p.productId,
        unitPrice: p.price,
        quantity: Number(p.quantity),
        amount: p.amount,
        weight: p.weight ?? null,
        categoryIds: p.categoryIds ?? [],
        ships: p.ships ?? false,
      })),
      ...(request.destination ? { destination: request.destination } : {}),
      ...rules,
      ...(request.shippingRateId ? { shippingRateId: request.shippingRateId } : {}),
      discountCodes: request.discountCodes ?? [],
      now: new Date(),
    });
    return { quote: result, rules };
  }

  /**
   * A checkout charges only what the buyer saw: a code it cannot apply, a delivery it cannot
   * offer, is a 400 naming it (the cart's quote said why), never a silently different amount.
   */
  assertPayable({ quote: q }: Priced): void {
    const refused = q.refusedCodes[0];
    // Used up is a conflict however it is found: here, or by claimCodes when another checkout took the last use meanwhile.
    if (refused?.reason === "used-up")
      throw new AppError("CONFLICT", `discount code ${refused.code.toUpperCase()} has been used up`);
    if (refused?.reason === "already-used")
      throw new AppError("CONFLICT", `discount code ${refused.code.toUpperCase()} has already been used by this buyer`);
    if (refused)
      throw validationError(`discount code ${refused.code} cannot be used: ${refused.reason}`, [
        { path: "/discountCodes", message: `${refused.code}: ${refused.reason}` },
      ]);
    if (q.problem?.kind === "no-shipping-rate")
      throw validationError(`no shipping rate delivers this order to ${q.problem.country}`, [
        { path: "/shippingAddress/country", message: `no shipping rate delivers to ${q.problem.country}` },
      ]);
    if (q.problem?.kind === "shipping-rate-unavailable")
      throw validationError(`shipping rate ${q.problem.shippingRateId} is not offered for this order`, [
        { path: "/shippingRateId", message: "is not offered for this order" },
      ]);
  }

  /**
   * Takes one use of each applied code, in the checkout's transaction: the UPDATE locks each code's
   * row and counts only while uses are left, so concurrent checkouts of a code's last use give
   * one order and a 409 to the others. With the row locked, the buyer's own uses are counted again
   * (a statement sees what committed before it) against the per-customer limit. Returns the rows
   * of `ecommerce/discount-code-uses` to write with the invoice.
   */
  async claimCodes(
    db: ModelQueries,
    { quote: q, rules }: Priced,
    buyer: { subjectId?: string; email: string },
    invoiceId: string,
  ): Promise<Record<string, unknown>[]> {
    const applied = rules.knownCodes.filter((c) => q.appliedCodes.includes(c.code.toUpperCase()));
    if (applied.length === 0) return [];
    const ids = applied.map((c) => c.id);
    const { rows } = await sql<{ id: string; usageLimitPerCustomer: number | null }>`
      UPDATE ${this.codes} SET "used" = "used" + 1, "updatedAt" = now()
      WHERE "id" IN (${sql.join(ids)}) AND ("usageLimit" IS NULL OR "used" < "usageLimit")
      RETURNING "id", "usageLimitPerCustomer"`.execute(db);
    const gone = applied.find((c) => !rows.some((r) => r.id === c.id));
    if (gone) throw new AppError("CONFLICT", `discount code ${gone.code.toUpperCase()} has been used up`);
    const email = buyer.email.trim().toLowerCase();
    const limited = rows.filter((r) => r.usageLimitPerCustomer != null);
    if (limited.length > 0) {
      const { rows: counts } = await sql<{ id: string; uses: string }>`
        SELECT u."discountCodeId" AS "id", count(*)::text AS "uses" FROM ${this.uses} u
        WHERE u."discountCodeId" IN (${sql.join(limited.map((r) => r.id))})
          AND (u."subjectId" = ${buyer.subjectId ?? null} OR u."email" = ${email})
        GROUP BY u."discountCodeId"`.execute(db);
      for (const code of limited) {
        const uses = Number(counts.find((c) => c.id === code.id)?.uses ?? 0);
        if (uses >= Number(code.usageLimitPerCustomer)) {
          const name = applied.find((c) => c.id === code.id)!.code.toUpperCase();
          throw new AppError("CONFLICT", `discount code ${name} has already been used by this buyer`);
        }
      }
    }
    return ids.map((discountCodeId) => ({
      discountCodeId,
      subjectId: buyer.subjectId ?? null,
      email,
      billingModuleInvoiceId: invoiceId,
    }));
  }

  /** Gives back the uses an invoice held (it failed, was declined or expired): they count no more. */
  async releaseCodes(db: ModelQueries, invoiceId: string): Promise<void> {
    await sql`
      WITH gone AS (DELETE FROM ${this.uses} WHERE "billingModuleInvoiceId" = ${invoiceId} RETURNING "discountCodeId")
      UPDATE ${this.codes} c SET "used" = GREATEST(c."used" - g."n", 0), "updatedAt" = now()
      FROM (SELECT "discountCodeId", count(*)::int AS "n" FROM gone GROUP BY "discountCodeId") g
      WHERE c."id" = g."discountCodeId"`.execute(db);
  }
}

/** What the invoice keeps of the quote it charged: everything but the options not chosen. */
export function breakdownOf(q: Quote, destination?: { country: string; region?: string | null }) {
  const { shippingOptions, problem: _problem, ...kept } = q;
  const shippingTitle = shippingOptions.find((o) => o.id === q.shippingRateId)?.title ?? null;
  return { ...kept, shippingTitle, ...(destination ? { destination } : {}) };
}

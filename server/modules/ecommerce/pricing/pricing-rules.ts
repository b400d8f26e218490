import { sql } from "kysely";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import type { DiscountCodeRule, ShippingRateRule, TaxRateRule } from "./quote-types.js";

/** What a quote needs from the shop's settings beside the lines: its rates and the typed codes. */
export interface PricingRules {
  shippingConfigured: boolean;
  shippingRates: ShippingRateRule[];
  taxRates: TaxRateRule[];
  knownCodes: DiscountCodeRule[];
}

export interface RulesRequest {
  currencyId: string;
  /** The destination's country: its tax rates are read; none, no tax rates. */
  country?: string;
  /** The codes as typed: the shop's codes equal to them without regard to case are read. */
  codes: readonly string[];
  /** Whose uses of a code count against its per-customer limit: the subject's and the email's. */
  subjectId?: string;
  email?: string;
}

/**
 * The shipping rates in the currency, the country's tax rates and the typed codes (with the
 * products and categories each applies to and this buyer's uses) in one statement, whatever the
 * number of lines or codes: a quote or a checkout reads its rules once. Amounts are read as text
 * (exact decimals, never JSON numbers).
 */
export class PricingRulesReader {
  private readonly t: Record<string, ReturnType<typeof sql.table>>;

  constructor(registry: Registry) {
    const table = (id: string) => sql.table(registry.get(id).table);
    this.t = {
      shipping: table("ecommerce/shipping-rates"),
      taxes: table("ecommerce/tax-rates"),
      codes: table("ecommerce/discount-codes"),
      codeProducts: table("ecommerce/discount-codes-to-products"),
      codeCategories: table("ecommerce/discount-codes-to-categories"),
      uses: table("ecommerce/discount-code-uses"),
    };
  }

  async read(db: ModelQueries, request: RulesRequest): Promise<PricingRules> {
    const t = this.t;
    const codes = [...new Set(request.codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
    const email = request.email?.trim().toLowerCase() ?? null;
    const subjectId = request.subjectId ?? null;
    const { rows } = await sql<{
      shippingConfigured: boolean;
      shippingRates: ShippingRateRule[];
      taxRates: TaxRateRule[];
      knownCodes: DiscountCodeRule[];
    }>`
      SELECT
        EXISTS (SELECT 1 FROM ${t.shipping}) AS "shippingConfigured",
        COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'id', s."id", 'title', s."title", 'countries', s."countries", 'amount', s."amount"::text,
          'minWeight', s."minWeight", 'maxWeight', s."maxWeight", 'minSubtotal', s."minSubtotal"::text,
          'maxSubtotal', s."maxSubtotal"::text, 'freeFrom', s."freeFrom"::text) ORDER BY s."createdAt", s."id")
          FROM ${t.shipping} s WHERE s."currencyId" = ${request.currencyId}), '[]'::jsonb) AS "shippingRates",
        COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'id', x."id", 'title', x."title", 'country', x."country", 'region', x."region", 'rate', x."rate"::text,
          'categoryId', x."categoryId", 'taxShipping', x."taxShipping") ORDER BY x."createdAt", x."id")
          FROM ${t.taxes} x WHERE x."country" = ${request.country ?? null}), '[]'::jsonb) AS "taxRates",
        COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'id', c."id", 'code', c."code", 'title', c."title", 'kind', c."kind", 'value', c."value"::text,
          'currencyId', c."currencyId", 'minSubtotal', c."minSubtotal"::text,
          'startsAt', c."startsAt", 'endsAt', c."endsAt", 'usageLimit', c."usageLimit", 'used', c."used",
          'usageLimitPerCustomer', c."usageLimitPerCustomer", 'combinable', c."combinable", 'active', c."active",
          'productIds', COALESCE((SELECT jsonb_agg(cp."productId") FROM ${t.codeProducts} cp WHERE cp."discountCodeId" = c."id"), '[]'::jsonb),
          'categoryIds', COALESCE((SELECT jsonb_agg(cc."categoryId") FROM ${t.codeCategories} cc WHERE cc."discountCodeId" = c."id"), '[]'::jsonb),
          'usedByCustomer', (SELECT count(*) FROM ${t.uses} u WHERE u."discountCodeId" = c."id"
            AND (u."subjectId" = ${subjectId} OR u."email" = ${email}))))
          FROM ${t.codes} c WHERE ${codes.length ? sql`upper(c."code") IN (${sql.join(codes)})` : sql`false`}), '[]'::jsonb) AS "knownCodes"
    `.execute(db);
    const row = rows[0]!;
    return {
      shippingConfigured: row.shippingConfigured === true,
      shippingRates: row.shippingRates,
      taxRates: row.taxRates,
      knownCodes: row.knownCodes.map((c) => ({ ...c, used: Number(c.used), usedByCustomer: Number(c.usedByCustomer) })),
    };
  }
}

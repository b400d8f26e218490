import { sql } from "kysely";
import { EVERYTHING, type ChangeFeed } from "../../../../engine/query/change-feed.js";
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
  /** The destination's country: its tax rates apply; none, no tax rates. */
  country?: string;
  /** The codes as typed: the shop's codes equal to them without regard to case are read. */
  codes: readonly string[];
  /** Whose uses of a code count against its per-customer limit: the subject's and the email's. */
  subjectId?: string;
  email?: string;
}

type Rates = { shipping: (ShippingRateRule & { currencyId: string })[]; taxes: TaxRateRule[] };

const RATE_MODELS = ["ecommerce/shipping-rates", "ecommerce/tax-rates"];

/**
 * The pricing rules of a quote or a checkout. The shipping and tax rates are the shop's settings,
 * read whole once and kept until one of them changes (on any instance: the change feed), so a
 * checkout sends no statement for them — a shop has tens of rates, not thousands. The typed codes
 * are read at each quote, in one statement whatever their number (with the products and
 * categories each applies to and this buyer's uses), and only when a code was typed: their counts
 * change with every checkout. Amounts are read as text (exact decimals, never JSON numbers).
 */
export class PricingRulesReader {
  private readonly t: Record<string, ReturnType<typeof sql.table>>;
  private rates?: Promise<Rates>;
  /** Bumped by every change: rates read before it are not kept. */
  private generation = 0;

  constructor(registry: Registry, changes: ChangeFeed) {
    const table = (id: string) => sql.table(registry.get(id).table);
    this.t = {
      shipping: table("ecommerce/shipping-rates"),
      taxes: table("ecommerce/tax-rates"),
      codes: table("ecommerce/discount-codes"),
      codeProducts: table("ecommerce/discount-codes-to-products"),
      codeCategories: table("ecommerce/discount-codes-to-categories"),
      uses: table("ecommerce/discount-code-uses"),
    };
    changes.subscribe((modelId) => {
      if (modelId === EVERYTHING || RATE_MODELS.includes(modelId)) {
        this.generation++;
        this.rates = undefined;
      }
    }, RATE_MODELS);
  }

  async read(db: ModelQueries, request: RulesRequest): Promise<PricingRules> {
    const [rates, knownCodes] = await Promise.all([this.ratesVia(db), this.codes(db, request)]);
    return {
      shippingConfigured: rates.shipping.length > 0,
      shippingRates: rates.shipping.filter((r) => r.currencyId === request.currencyId),
      taxRates: request.country ? rates.taxes.filter((r) => r.country === request.country) : [],
      knownCodes,
    };
  }

  /**
   * The kept rates, or read through `db` — the caller's transaction when there is one: the embedded
   * database has one connection, which a read beside the transaction would wait for forever.
   */
  private ratesVia(db: ModelQueries): Promise<Rates> {
    if (this.rates) return this.rates;
    const generation = this.generation;
    const reading = this.readRates(db);
    reading.then(
      () => {
        if (generation === this.generation) this.rates ??= reading;
      },
      () => undefined,
    );
    return reading;
  }

  private async readRates(db: ModelQueries): Promise<Rates> {
    const t = this.t;
    const { rows } = await sql<{ shipping: Rates["shipping"]; taxes: TaxRateRule[] }>`
      SELECT
        COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'id', s."id", 'title', s."title", 'countries', s."countries", 'currencyId', s."currencyId",
          'amount', s."amount"::text, 'minWeight', s."minWeight", 'maxWeight', s."maxWeight",
          'minSubtotal', s."minSubtotal"::text, 'maxSubtotal', s."maxSubtotal"::text, 'freeFrom', s."freeFrom"::text)
          ORDER BY s."createdAt", s."id") FROM ${t.shipping} s), '[]'::jsonb) AS "shipping",
        COALESCE((SELECT jsonb_agg(jsonb_build_object(
          'id', x."id", 'title', x."title", 'country', x."country", 'region', x."region", 'rate', x."rate"::text,
          'categoryId', x."categoryId", 'taxShipping', x."taxShipping") ORDER BY x."createdAt", x."id")
          FROM ${t.taxes} x), '[]'::jsonb) AS "taxes"
    `.execute(db);
    return rows[0]!;
  }

  private async codes(db: ModelQueries, request: RulesRequest): Promise<DiscountCodeRule[]> {
    const t = this.t;
    const codes = [...new Set(request.codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
    if (codes.length === 0) return [];
    const email = request.email?.trim().toLowerCase() ?? null;
    const { rows } = await sql<DiscountCodeRule>`
      SELECT c."id", c."code", c."title", c."kind", c."value"::text AS "value", c."currencyId",
        c."minSubtotal"::text AS "minSubtotal", c."startsAt", c."endsAt", c."usageLimit", c."used",
        c."usageLimitPerCustomer", c."combinable", c."active",
        COALESCE((SELECT jsonb_agg(cp."productId") FROM ${t.codeProducts} cp WHERE cp."discountCodeId" = c."id"), '[]'::jsonb) AS "productIds",
        COALESCE((SELECT jsonb_agg(cc."categoryId") FROM ${t.codeCategories} cc WHERE cc."discountCodeId" = c."id"), '[]'::jsonb) AS "categoryIds",
        (SELECT count(*) FROM ${t.uses} u WHERE u."discountCodeId" = c."id"
          AND (u."subjectId" = ${request.subjectId ?? null} OR u."email" = ${email})) AS "usedByCustomer"
      FROM ${t.codes} c WHERE upper(c."code") IN (${sql.join(codes)})
    `.execute(db);
    return rows.map((c) => ({
      ...c,
      startsAt: c.startsAt ? new Date(c.startsAt).toISOString() : null,
      endsAt: c.endsAt ? new Date(c.endsAt).toISOString() : null,
      used: Number(c.used),
      usedByCustomer: Number(c.usedByCustomer),
    }));
  }
}

import { sql, type RawBuilder } from "kysely";
import type { Registry } from "../../../engine/schema/registry.js";
import { publishedTable } from "../../../engine/schema/published-model.js";
import { Params, StatementCache } from "../../../engine/query/statement-cache.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import { currencyRows } from "../billing/index.js";

/**
 * The one place a product's price is resolved (the checkout, totals and stock all ask here): the `number` of its attribute
 * whose key has type `price` and which is linked to the currency; a store's own price for the
 * product (stores-to-products-to-attributes) overrides it for lines added from that store.
 *
 * Amounts are computed in PostgreSQL `numeric`: line amount = round(price × quantity, the
 * currency's decimals), rounded once per line, half away from zero (PostgreSQL's `round`).
 * Totals add those rounded line amounts exactly (billing/money.ts). One query prices any number
 * of lines in every currency: no query per line. Raw SQL: the builder cannot say DISTINCT ON, a
 * CTE that updates, or row-value IN; billing's currencies join as its subquery (billing-reads.ts),
 * so `db` must be typed queries (model-tables.ts), whose plugin names its tables.
 */
/** The original system's message, word for word, for a line with no price in the asked currency. */
export const NO_PRICE = "Product doesn't have price attributes connected to billing module currency";

export interface PricedLine {
  lineId: string;
  orderId: string;
  productId: string;
  storeId: string | null;
  quantity: number;
  attributeId: string;
  /** The unit price as stored (decimal string). */
  price: string;
  /** price × quantity, rounded to the currency's decimals (decimal string). */
  amount: string;
  currency: Currency;
  /** Read by a checkout's and a quote's pricing only (pricing/quote.ts): grams per item, whether it is delivered, its categories. */
  weight?: number | null;
  ships?: boolean;
  categoryIds?: string[];
}

export interface Currency {
  id: string;
  slug: string;
  symbol: string | null;
  decimals: number;
}

/** One price of a product as PUT/GET /api/ecommerce/products/{id}/prices carry it; storeId null: the product's own. */
export interface ProductPrice {
  currencyId: string;
  /** Exact decimal string, as stored. */
  amount: string;
  storeId: string | null;
}

/** Lines priced: how many lines there are (priced or not), those priced, whether one ships, whether one's stock is counted. */
export interface Priced {
  lines: number;
  priced: PricedLine[];
  ships: boolean;
  tracked: boolean;
  /** Products of the lines that are not on the site (never published, or taken off): not for sale. */
  unlisted: string[];
}

/**
 * Which order lines to price: those of some orders, some lines by id, or one line not yet made
 * (the one-step product checkout's quote: what its order would be).
 */
export type LineSelection =
  | { orderIds: string[] }
  | { lineIds: string[] }
  | { product: { productId: string; storeId: string | null; quantity: number } };

export class Prices {
  private readonly t: Record<string, RawBuilder<unknown>>;
  private readonly statements = new StatementCache();

  /** `copies`: a buyer pays the published price (docs/drafts.md); the product editor reads the working one. */
  constructor(registry: Registry, copies: "published" | "working" = "published") {
    // An order's own lines have one table either way.
    const table = (id: string) =>
      sql.table(copies === "published" ? publishedTable(registry.get(id)) : registry.get(id).table);
    this.t = {
      lines: table("ecommerce/orders-to-products"),
      productAttributes: table("ecommerce/products-to-attributes"),
      storeProducts: table("ecommerce/stores-to-products"),
      storeProductAttributes: table("ecommerce/stores-to-products-to-attributes"),
      attributes: table("ecommerce/attributes"),
      keyLinks: table("ecommerce/attribute-keys-to-attributes"),
      keys: table("ecommerce/attribute-keys"),
      currencyLinks: table("ecommerce/attributes-to-billing-module-currencies"),
      // The product as the buyer knows it: a line is priced only while its product is on the site,
      // and its title and whether it ships are the published copy's.
      products: table("ecommerce/products"),
      // The stock counts are the working rows' (stock.ts locks and lowers them; a sale writes both copies).
      workingProducts: sql.table(registry.get("ecommerce/products").table),
      storeCounts: sql.table(registry.get("ecommerce/stores-to-products").table),
      stores: table("ecommerce/stores"),
      categoryLinks: table("ecommerce/categories-to-products"),
    };
  }

  /** A price attribute, joined to the link row `x` (its "attributeId"): a number, a key of type price, a currency. */
  private priced() {
    const t = this.t;
    return sql`JOIN ${t.attributes} a ON a."id" = x."attributeId"
      JOIN ${t.keyLinks} kl ON kl."attributeId" = a."id"
      JOIN ${t.keys} k ON k."id" = kl."attributeKeyId" AND k."type" = 'price'
      JOIN ${t.currencyLinks} cl ON cl."attributeId" = a."id"
      WHERE a."number" IS NOT NULL`;
  }

  /**
   * The prices a product's lines are charged by, as the line query below picks them: per currency
   * the product's own, and per store and currency the store's override (storeId set). Ordered by
   * store (the product's own first, then by the store's adminTitle) then currency slug.
   */
  async ofProduct(db: ModelQueries, productId: string): Promise<ProductPrice[]> {
    const t = this.t;
    const priced = this.priced();
    const { rows } = await sql<ProductPrice & { storeTitle: string | null; slug: string }>`
      WITH own AS (
        SELECT DISTINCT ON (cl."billingModuleCurrencyId") NULL::uuid AS "storeId", cl."billingModuleCurrencyId" AS "currencyId", a."number"
        FROM ${t.productAttributes} x ${priced} AND x."productId" = ${productId}
        ORDER BY cl."billingModuleCurrencyId", x."orderIndex", a."createdAt"
      ),
      stores AS (
        SELECT DISTINCT ON (sp."storeId", cl."billingModuleCurrencyId") sp."storeId", cl."billingModuleCurrencyId" AS "currencyId", a."number"
        FROM ${t.storeProducts} sp JOIN ${t.storeProductAttributes} x ON x."storesToProductsId" = sp."id" ${priced} AND sp."productId" = ${productId}
        ORDER BY sp."storeId", cl."billingModuleCurrencyId", x."orderIndex", a."createdAt"
      )
      SELECT p."currencyId", p."number"::text AS "amount", p."storeId", s."adminTitle" AS "storeTitle", c."slug"
      FROM (SELECT * FROM own UNION ALL SELECT * FROM stores) p
      JOIN ${currencyRows(db)} c ON c."id" = p."currencyId"
      LEFT JOIN ${t.stores} s ON s."id" = p."storeId"
      ORDER BY p."storeId" IS NOT NULL, s."adminTitle", p."storeId", c."slug", c."id"
    `.execute(db);
    return rows.map((r) => ({ currencyId: r.currencyId, amount: r.amount, storeId: r.storeId }));
  }

  /** Each selected line priced in each currency it has a price in (or only in `currencyId`). */
  async lines(db: ModelQueries, selection: LineSelection, currencyId?: string): Promise<PricedLine[]> {
    return (await this.query(db, selection, currencyId, false, false)).priced;
  }

  /**
   * A checkout's pricing (the checkout's and Pay now's): the lines priced in one currency, with
   * how many lines there are, priced or not (a checkout refuses a line with no price), in one query
   * — no read of the lines before it. In the same statement each priced line keeps what it is bought at —
   * the product's published title, the unit price and the amount — so the order shows them
   * whatever the product becomes. Inside the checkout's transaction: a refusal after it (no price,
   * too few left) rolls the line's values back with the rest.
   */
  async buying(db: ModelQueries, selection: LineSelection, currencyId: string): Promise<Priced> {
    return this.query(db, selection, currencyId, true, true);
  }

  /** The same lines and facts as `buying`, read without keeping anything: what the cart's quote is computed from. */
  async quoting(db: ModelQueries, selection: LineSelection, currencyId: string): Promise<Priced> {
    return this.query(db, selection, currencyId, true, false);
  }

  /** The selection's lines, as the pricing query's `l`: the stored lines, or the one a product checkout would make. */
  private selected(selection: LineSelection, params: Params): RawBuilder<unknown> {
    if ("product" in selection) {
      const { productId, storeId, quantity } = selection.product;
      // The line's id is the product's: the quote names its line by it, and nothing is stored.
      const product = params.add(productId);
      return sql`SELECT ${product}::uuid AS "id", NULL::uuid AS "orderId", ${product}::uuid AS "productId",
        ${params.add(storeId)}::uuid AS "storeId", ${params.add(quantity)}::integer AS "quantity",
        0 AS "orderIndex", now() AS "createdAt"`;
    }
    const column = "orderIds" in selection ? sql.ref("orderId") : sql.ref("id");
    const ids = "orderIds" in selection ? selection.orderIds : selection.lineIds;
    return sql`SELECT "id", "orderId", "productId", "storeId", "quantity", "orderIndex", "createdAt" FROM ${this.t.lines}
        WHERE ${column} IN (${sql.join(ids.map((id) => params.add(id)))})`;
  }

  /**
   * `ships`: whether a product of the lines needs shipping (read in the same statement, for the
   * checkout's address rule); `tracked`: whether a line's product or store keeps a stock count
   * (stock.ts), read unlocked: without one the checkout has nothing to reserve and skips the lock.
   */
  private async query(
    db: ModelQueries,
    selection: LineSelection,
    currencyId: string | undefined,
    unpriced: boolean,
    keep: boolean,
  ): Promise<Priced> {
    const ids = "orderIds" in selection ? selection.orderIds : "lineIds" in selection ? selection.lineIds : [];
    if (!("product" in selection) && ids.length === 0)
      return { lines: 0, priced: [], ships: false, tracked: false, unlisted: [] };
    const t = this.t;
    const priced = this.priced();
    // Built once per shape (the checkout's and the cart's reads): the values are bound, not compiled in.
    const params = new Params();
    const lines = this.selected(selection, params);
    const currency = currencyId ? params.add(currencyId) : undefined;
    const kind = "orderIds" in selection ? "orders" : "lineIds" in selection ? "lines" : "product";
    const shape = `${kind}|${ids.length}|${currency ? "currency" : "all"}|${unpriced ? "unpriced" : "priced"}|${keep ? "keep" : "read"}`;
    // Kept values need one row per line: one currency; and a line to keep them on.
    if (keep && (!currency || "product" in selection))
      throw new Error("a checkout's pricing needs its currency and lines");
    const rows = await this.statements.run<any>(
      db,
      shape,
      params,
      () => sql`
      WITH l AS (${lines}),
      product_prices AS (
        SELECT DISTINCT ON (x."productId", cl."billingModuleCurrencyId")
          x."productId", cl."billingModuleCurrencyId" AS "currencyId", a."number", a."id" AS "attributeId"
        FROM ${t.productAttributes} x ${priced} AND x."productId" IN (SELECT "productId" FROM l)
        ORDER BY x."productId", cl."billingModuleCurrencyId", x."orderIndex", a."createdAt"
      ),
      store_prices AS (
        SELECT DISTINCT ON (sp."storeId", sp."productId", cl."billingModuleCurrencyId")
          sp."storeId", sp."productId", cl."billingModuleCurrencyId" AS "currencyId", a."number", a."id" AS "attributeId"
        FROM ${t.storeProducts} sp JOIN ${t.storeProductAttributes} x ON x."storesToProductsId" = sp."id" ${priced}
          AND (sp."storeId", sp."productId") IN (SELECT "storeId", "productId" FROM l WHERE "storeId" IS NOT NULL)
        ORDER BY sp."storeId", sp."productId", cl."billingModuleCurrencyId", x."orderIndex", a."createdAt"
      ),
      r AS (
        SELECT l."id" AS "lineId", l."orderId", l."productId", l."storeId", l."quantity", l."orderIndex", l."createdAt",
          c."id" AS "currencyId", c."slug", c."symbol", c."decimals",
          COALESCE(s."attributeId", p."attributeId") AS "attributeId",
          COALESCE(s."number", p."number") AS "price",
          round(COALESCE(s."number", p."number") * l."quantity", c."decimals") AS "amount",
          pp."id" IS NOT NULL AS "listed", pp."title",${
            unpriced
              ? sql`
          pp."weight", pp."shipping" = 'required' AS "lineShips",
          COALESCE((SELECT jsonb_agg(cp."categoryId") FROM ${t.categoryLinks} cp WHERE cp."productId" = l."productId"), '[]'::jsonb) AS "categoryIds",`
              : sql``
          }
          EXISTS (SELECT 1 FROM ${t.products} sh WHERE sh."id" IN (SELECT "productId" FROM l) AND sh."shipping" = 'required') AS "ships",
          (EXISTS (SELECT 1 FROM ${t.workingProducts} st WHERE st."id" IN (SELECT "productId" FROM l) AND st."stock" IS NOT NULL)
            OR EXISTS (SELECT 1 FROM ${t.storeCounts} sc WHERE (sc."storeId", sc."productId") IN (SELECT "storeId", "productId" FROM l WHERE "storeId" IS NOT NULL) AND sc."stock" IS NOT NULL)) AS "tracked"
        FROM l CROSS JOIN ${currencyRows(db)} c
        LEFT JOIN ${t.products} pp ON pp."id" = l."productId"
        -- A product off the site has no price: its price rows may outlive its published copy.
        LEFT JOIN product_prices p ON p."productId" = l."productId" AND p."currencyId" = c."id" AND pp."id" IS NOT NULL
        LEFT JOIN store_prices s ON s."storeId" = l."storeId" AND s."productId" = l."productId" AND s."currencyId" = c."id" AND pp."id" IS NOT NULL
        WHERE ${unpriced ? sql`true` : sql`COALESCE(s."number", p."number") IS NOT NULL`} ${currency ? sql`AND c."id" = ${currency}` : sql``}
      )${
        keep
          ? sql`, kept AS (
        UPDATE ${t.lines} AS k SET "title" = COALESCE(r."title", '{}'::jsonb), "price" = r."price", "amount" = r."amount", "updatedAt" = now()
        FROM r WHERE k."id" = r."lineId" AND r."price" IS NOT NULL
        RETURNING k."id"
      )`
          : sql``
      }
      SELECT * FROM r ORDER BY r."orderId", r."orderIndex", r."createdAt", r."slug"
    `,
    );
    const pricedLines = (unpriced ? rows.filter((r: any) => r.price !== null) : rows).map((r: any) => ({
      lineId: r.lineId,
      orderId: r.orderId,
      productId: r.productId,
      storeId: r.storeId,
      quantity: r.quantity,
      attributeId: r.attributeId,
      price: String(r.price),
      amount: String(r.amount),
      currency: { id: r.currencyId, slug: r.slug, symbol: r.symbol, decimals: r.decimals },
      ...(unpriced ? { weight: r.weight ?? null, ships: r.lineShips === true, categoryIds: r.categoryIds ?? [] } : {}),
    }));
    // With one currency and unpriced lines kept, each line is one row.
    const unlisted = [...new Set(rows.filter((r: any) => r.listed !== true).map((r: any) => r.productId as string))];
    return {
      lines: rows.length,
      priced: pricedLines,
      ships: rows.some((r: any) => r.ships === true),
      tracked: rows.some((r: any) => r.tracked === true),
      unlisted,
    };
  }
}

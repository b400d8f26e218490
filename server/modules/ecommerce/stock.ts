import { sql, type RawBuilder } from "kysely";
import { AppError, type ErrorCause } from "../../../engine/errors.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Model } from "../../../engine/schema/model.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";

// Named from the record, not imported from orders.ts, which imports this file (no import circle).
type OrderStatus = StoredRecord<"ecommerce/orders">["status"];

/**
 * Stock: `stock` on a product (items left; null = not tracked, never runs
 * out) and on a stores-to-products row (the store's own count, for cart lines added from that
 * store; null = the product's count applies).
 *
 * The checkout reserves its lines' quantities inside its first transaction (`reserveStock`):
 * the counts' rows are locked (SELECT … FOR NO KEY UPDATE, in id order, stores' rows before
 * products', so two checkouts never wait on each other in a circle), checked, lowered through their
 * repositories (so rendered pages showing them are dropped from the cache), and each line's
 * take is recorded with whose count it came from (ecommerce/stock-reservations, internal). A shortfall is a 409 naming the product ("only 3 left"), and the whole checkout rolls
 * back: never oversold, whatever the number of buyers at once. NO KEY UPDATE, the lock an UPDATE
 * of a count takes anyway, and not FOR UPDATE: the one-step checkout has written its order line
 * by then, whose foreign key holds a key-share lock on the product, and FOR UPDATE conflicts with
 * other checkouts' key-share locks, so two of them waited on each other (a deadlock, seen under
 * bench:load).
 *
 * `releaseStock` gives the reserved items back once the order no longer holds them: it is back
 * in the cart (`new`), `canceled` (refund, the owner, the unpaid-order expiry), or its payment
 * was declined (still `paying`, in the orders list: Pay now reserves them again). It is idempotent (a reservation is deleted as it is given
 * back) and skips orders still held (paying, or paid and on their way).
 */

/** A model's table name. */
export type TableOf = (modelId: string) => string;

/** An order line as stock reads it. */
export interface StockLine {
  id: string;
  productId: string;
  storeId?: string | null;
  quantity: number;
}

/** Order statuses whose reservations are given back: back in the cart, or canceled. */
export const RELEASED_STATUSES = ["new", "canceled"] as const;

interface Count {
  kind: "product" | "store";
  /** The product's id, or the stores-to-products row's. */
  id: string;
  productId: string;
  stock: number;
}

const key = (storeId: string, productId: string) => `${storeId} ${productId}`;

/**
 * The count each line draws from: its store's own (a stores-to-products row of its store and
 * product with a stock) or else its product's, when tracked; lines of untracked products have
 * none. With `lock`, the rows are locked for the transaction (stores' rows first, then products',
 * each in id order).
 */
async function countsOf(db: ModelQueries, lines: StockLine[], lock: boolean): Promise<Map<string, Count>> {
  const byLine = new Map<string, Count>();
  const stored = lines.filter((l) => l.storeId);
  const storeCounts = new Map<string, Count>();
  if (stored.length > 0) {
    let query = db
      .selectFrom("ecommerce/stores-to-products")
      .select(["id", "storeId", "productId", "stock"])
      .where("storeId", "in", [...new Set(stored.map((l) => l.storeId!))])
      .where("productId", "in", [...new Set(stored.map((l) => l.productId))])
      .where("stock", "is not", null)
      .orderBy("id");
    if (lock) query = query.forNoKeyUpdate();
    for (const row of await query.execute()) {
      const k = key(row.storeId, row.productId);
      // Two rows for one store and product: the first (by id) counts, as for every reader.
      if (!storeCounts.has(k))
        storeCounts.set(k, { kind: "store", id: row.id, productId: row.productId, stock: Number(row.stock) });
    }
  }
  for (const line of stored) {
    const count = storeCounts.get(key(line.storeId!, line.productId));
    if (count) byLine.set(line.id, count);
  }
  const rest = lines.filter((l) => !byLine.has(l.id));
  if (rest.length > 0) {
    let query = db
      .selectFrom("ecommerce/products")
      .select(["id", "stock"])
      .where("id", "in", [...new Set(rest.map((l) => l.productId))])
      .where("stock", "is not", null)
      .orderBy("id");
    if (lock) query = query.forNoKeyUpdate();
    const products = new Map(
      (await query.execute()).map((p) => [
        p.id as string,
        { kind: "product" as const, id: p.id, productId: p.id, stock: Number(p.stock) },
      ]),
    );
    for (const line of rest) {
      const count = products.get(line.productId);
      if (count) byLine.set(line.id, count);
    }
  }
  return byLine;
}

/** Items each line may still have (its count's stock), or null when its product is not tracked. */
export async function availableFor(db: ModelQueries, lines: StockLine[]): Promise<Map<string, number | null>> {
  const counts = lines.length > 0 ? await countsOf(db, lines, false) : new Map<string, Count>();
  return new Map(lines.map((l) => [l.id, counts.get(l.id)?.stock ?? null]));
}

/**
 * The 409 for products with too few items: each named, with what is left ("only 3 left", "out of
 * stock"). Named as the buyer knows them: by the published copy's title (`productsTable`, the
 * products' published table), never an editor's unpublished one.
 */
/** The products as a buyer sees them, by model id: their published copy when products are drafted (docs/drafts.md). */
export type VisitorProducts = "ecommerce/products" | "ecommerce/products@published";
export const visitorProducts = (products: Model): VisitorProducts =>
  products.published ? "ecommerce/products@published" : "ecommerce/products";

async function shortage(
  db: ModelQueries,
  productsTable: VisitorProducts,
  short: { productId: string; left: number }[],
): Promise<AppError> {
  const products = await db
    .selectFrom(productsTable)
    .select(["id", "title", "adminTitle"])
    .where(
      "id",
      "in",
      short.map((s) => s.productId),
    )
    .execute();
  const name = (id: string) => {
    const product = products.find((p) => p.id === id);
    const title =
      product?.title && typeof product.title === "object" ? (product.title as Record<string, unknown>).en : undefined;
    return typeof title === "string" && title ? title : String(product?.adminTitle ?? id);
  };
  const says = (left: number) => (left > 0 ? `only ${left} left` : "out of stock");
  const causes: ErrorCause[] = short.map((s) => ({ path: `/stock/${s.productId}`, message: says(s.left) }));
  return new AppError(
    "CONFLICT",
    short
      .map((s) => (s.left > 0 ? `${name(s.productId)}: ${says(s.left)}` : `${name(s.productId)} is ${says(s.left)}`))
      .join("; "),
    causes,
  );
}

/**
 * Items left for a line of this product from this store, as a SQL expression another statement
 * reads (the add to cart's look-up): the store's own count when it keeps one (its first row by
 * id, as countsOf reads it), else the product's; null when the product's stock is not tracked.
 */
export function stockLeft(table: TableOf, productId: string, storeId: string | undefined): RawBuilder<number | null> {
  const product = sql<
    number | null
  >`(SELECT "stock" FROM ${sql.table(table("ecommerce/products"))} WHERE "id" = ${productId})`;
  if (!storeId) return product;
  const store = sql`(SELECT "stock" FROM ${sql.table(table("ecommerce/stores-to-products"))} WHERE "storeId" = ${storeId} AND "productId" = ${productId} AND "stock" IS NOT NULL ORDER BY "id" LIMIT 1)`;
  return sql<number | null>`coalesce(${store}, ${product})`;
}

/**
 * Refuses (409, as the checkout would) a quantity of a product the shop does not have: an add to
 * cart of a sold-out product, or one that would take the cart's line past what is left (`left`,
 * read by stockLeft; null: not tracked). `visitorTable`: the table a visitor sees a model in (the
 * published copy's), for the product's name.
 */
export async function assertLeft(
  db: ModelQueries,
  products: VisitorProducts,
  productId: string,
  left: number | string | null,
  quantity: number,
): Promise<void> {
  if (left !== null && Number(left) < quantity) throw await shortage(db, products, [{ productId, left: Number(left) }]);
}

/**
 * Writes new stock values through the model's repository (validated, dated, announced after
 * commit), and onto the published copies too: stock is a count, not an editor's draft, so what
 * the site shows ("Out of stock") follows every sale and release at once (docs/drafts.md).
 */
async function writeCounts(repository: RepositoryLookup, counts: { count: Count; stock: number }[], trx: ModelQueries) {
  for (const kind of ["store", "product"] as const) {
    const rows = counts.filter((c) => c.count.kind === kind).map((c) => ({ id: c.count.id, stock: c.stock }));
    if (rows.length === 0) continue;
    const counted = repository(kind === "store" ? "ecommerce/stores-to-products" : "ecommerce/products");
    const published = counted.model.published;
    // Before the working copies are dated: a published copy that was current stays current (both
    // get now(), the transaction's time), one with unpublished edits beside it stays behind.
    if (published) {
      const values = sql.join(rows.map((r) => sql`(${r.id}::uuid, ${r.stock}::integer)`));
      await sql`UPDATE ${sql.table(published.table)} AS p
        SET stock = v.stock, "updatedAt" = CASE WHEN p."updatedAt" = w."updatedAt" THEN now() ELSE p."updatedAt" END
        FROM ${sql.table(counted.model.table)} AS w, (VALUES ${values}) AS v(id, stock)
        WHERE p.id = v.id AND w.id = v.id`.execute(trx);
    }
    await counted.bulkUpdate(rows);
  }
}

/**
 * Reserves the lines' quantities inside the checkout's transaction (see the file comment): all
 * of them, or a 409 naming every product short, in which case nothing was taken. Each line that
 * took items gets a reservation row (ecommerce/stock-reservations: the line, the product, the
 * store's row when its count was the store's, and how many).
 */
export async function reserveStock(repository: RepositoryLookup, trx: ModelQueries, lines: StockLine[]): Promise<void> {
  if (lines.length === 0) return;
  const byLine = await countsOf(trx, lines, true);
  if (byLine.size === 0) return;
  const needs = new Map<string, { count: Count; need: number }>();
  for (const line of lines) {
    const count = byLine.get(line.id);
    if (!count) continue;
    const k = `${count.kind} ${count.id}`;
    const entry = needs.get(k) ?? { count, need: 0 };
    entry.need += Number(line.quantity);
    needs.set(k, entry);
  }
  const short = [...needs.values()].filter((n) => n.need > n.count.stock);
  if (short.length > 0)
    throw await shortage(
      trx,
      visitorProducts(repository("ecommerce/products").model),
      short.map((s) => ({ productId: s.count.productId, left: s.count.stock })),
    );
  await writeCounts(
    repository,
    [...needs.values()].map((n) => ({ count: n.count, stock: n.count.stock - n.need })),
    trx,
  );
  await repository("ecommerce/stock-reservations").bulkCreate(
    lines.flatMap((line) => {
      const count = byLine.get(line.id);
      if (!count) return [];
      return [
        {
          ordersToProductsId: line.id,
          productId: line.productId,
          quantity: Number(line.quantity),
          ...(count.kind === "store" ? { storesToProductsId: count.id } : {}),
        },
      ];
    }),
  );
}

/**
 * Gives back what the orders' lines reserved, for those of the orders no longer held (back in
 * the cart or canceled: RELEASED_STATUSES), inside the caller's transaction, and deletes the
 * reservations. A count no longer tracked (stock set empty since) takes nothing back. Returns
 * how many items went back. Call it after moving the orders' status, in the same transaction.
 * `statuses`: a declined payment gives back what its still `paying` orders held (["paying"]).
 */
export async function releaseStock(
  orderIds: string[],
  trx: ModelQueries,
  repository: RepositoryLookup,
  statuses: readonly OrderStatus[] = RELEASED_STATUSES,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const reserved = await trx
    .selectFrom("ecommerce/stock-reservations as r")
    .innerJoin("ecommerce/orders-to-products as l", "l.id", "r.ordersToProductsId")
    .innerJoin("ecommerce/orders as o", "o.id", "l.orderId")
    .select(["r.id", "r.productId", "r.storesToProductsId", "r.quantity"])
    .where("l.orderId", "in", orderIds)
    .where("o.status", "in", [...statuses])
    .orderBy("r.id")
    .forUpdate(["r", "o"])
    .execute();
  if (reserved.length === 0) return 0;
  // The counts, locked in the order the checkout locks them: stores' rows, then products'.
  const back = new Map<string, { count: Count; stock: number }>();
  const storeRowIds = [
    ...new Set(reserved.flatMap((r) => (r.storesToProductsId ? [r.storesToProductsId as string] : []))),
  ];
  const productIds = [...new Set(reserved.filter((r) => !r.storesToProductsId).map((r) => r.productId as string))];
  for (const [kind, ids] of [
    ["store", storeRowIds],
    ["product", productIds],
  ] as const) {
    if (ids.length === 0) continue;
    const rows = await trx
      .selectFrom(kind === "store" ? "ecommerce/stores-to-products" : "ecommerce/products")
      .select(["id", "stock"])
      .where("id", "in", ids)
      .where("stock", "is not", null)
      .orderBy("id")
      .forNoKeyUpdate()
      .execute();
    for (const row of rows)
      back.set(`${kind} ${row.id}`, {
        count: { kind, id: row.id, productId: row.id, stock: Number(row.stock) },
        stock: Number(row.stock),
      });
  }
  let items = 0;
  for (const r of reserved) {
    const entry = back.get(r.storesToProductsId ? `store ${r.storesToProductsId}` : `product ${r.productId}`);
    if (!entry) continue;
    entry.stock += Number(r.quantity);
    items += Number(r.quantity);
  }
  await writeCounts(repository, [...back.values()], trx);
  await trx
    .deleteFrom("ecommerce/stock-reservations")
    .where(
      "id",
      "in",
      reserved.map((r) => r.id as string),
    )
    .execute();
  return items;
}

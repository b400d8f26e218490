import { sql } from "kysely";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { Param } from "../../../engine/query/statement-cache.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";

/**
 * Billing's rows as other modules read them. Only billing names its tables: a module that shows
 * its records with their invoices or currencies joins one of these subqueries into its own
 * statement (so a list stays one query, whatever its length), or asks by ids for many at once.
 */

export type Currency = StoredRecord<"billing/currencies">;

/** The invoices, every column: to read beside a caller's own columns (an age by the database's clock). */
export function invoiceRows(db: ModelQueries) {
  return db.selectFrom("billing/invoices").selectAll();
}

/** Each invoice with the payment intent it pays, one row per link: `intentId` and every column of the invoice. */
export function invoicesOfIntents(db: ModelQueries) {
  return db
    .selectFrom("billing/payment-intents-to-invoices as pii")
    .innerJoin("billing/invoices as i", "i.id", "pii.invoiceId")
    .selectAll("i")
    .select("pii.paymentIntentId as intentId");
}

/** Each payment intent's currency: `intentId`, `currencyId`. */
export function currenciesOfIntents(db: ModelQueries) {
  return db.selectFrom("billing/payment-intents-to-currencies").select(["paymentIntentId as intentId", "currencyId"]);
}

/**
 * Checkouts still waiting for their payment: each open payment intent with its invoice still
 * `new` and its currency (`intentId`, `invoiceId`, `provider`, `currencyId`).
 */
export function openCheckouts(db: ModelQueries) {
  return db
    .selectFrom("billing/payment-intents as pi")
    .innerJoin("billing/payment-intents-to-invoices as pii", "pii.paymentIntentId", "pi.id")
    .innerJoin("billing/invoices as i", "i.id", "pii.invoiceId")
    .innerJoin("billing/payment-intents-to-currencies as pc", "pc.paymentIntentId", "pi.id")
    .select(["pi.id as intentId", "i.id as invoiceId", "i.provider", "pc.currencyId"])
    .where("pi.status", "=", "open")
    .where("i.status", "=", "new");
}

/** The currencies, every column: to join by id. */
export function currencyRows(db: ModelQueries) {
  return db.selectFrom("billing/currencies").selectAll();
}

/**
 * The currency a checkout is paid in, every column: the one with `currencyId` (a value or its
 * stand-in, statement-cache.ts), else the shop's default (the oldest marked default); no row when
 * there is none. For a caller's lateral join.
 */
export function checkoutCurrency(db: ModelQueries, currencyId: string | Param | undefined) {
  const currencies = currencyRows(db);
  // A stand-in is bound as the value it stands for: the raw fragment carries it as a parameter.
  return currencyId === undefined
    ? currencies.where("isDefault", "=", true).orderBy("createdAt").limit(1)
    : currencies.where("id", "=", sql<string>`${currencyId}`);
}

/** The checkout's currency (the one asked for, else the default) with `columns`, read alone; undefined when there is none. */
export async function checkoutCurrencyRow(
  db: ModelQueries,
  columns: readonly string[],
  currencyId: string | undefined,
): Promise<Currency | undefined> {
  const row = await db
    .selectFrom(checkoutCurrency(db, currencyId).as("c"))
    .select(columns.map((c) => sql.ref(`c.${c}`)) as never)
    .executeTakeFirst();
  return row as Currency | undefined;
}

/** The currencies with these ids (id, slug, decimals), one query. */
export function currenciesByIds(db: ModelQueries, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("billing/currencies").select(["id", "slug", "decimals"]).where("id", "in", ids).execute();
}

/** The currencies a picker offers (id, slug, symbol, decimals, title), slug order, at most `limit`. */
export function currencyChoices(db: ModelQueries, limit: number) {
  return db
    .selectFrom("billing/currencies")
    .select(["id", "slug", "symbol", "decimals", "title"])
    .orderBy("slug")
    .limit(limit)
    .execute();
}

/** The currency ids of payment intents, one query. */
export async function currencyIdsOfIntents(db: ModelQueries, intentIds: readonly string[]): Promise<string[]> {
  if (intentIds.length === 0) return [];
  const rows = await db
    .selectFrom("billing/payment-intents-to-currencies")
    .select("currencyId")
    .where("paymentIntentId", "in", intentIds)
    .execute();
  return rows.map((r) => r.currencyId);
}

/** The provider notifications applied to these invoices (billing/webhook-events), one query. */
export function webhookEventsOf(db: ModelQueries, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom("billing/webhook-events")
      .select(["createdAt", "invoiceId", "provider", "kind", "eventId"])
      .where("invoiceId", "in", invoiceIds)
      // The column may be null (an event for no invoice of ours); these rows matched an invoice id.
      .$narrowType<{ invoiceId: string }>()
      .execute()
  );
}

/** The refunds of these invoices (billing/refunds), with what each gave back of each part (`allocation`), one query. */
export function refundsOf(db: ModelQueries, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("billing/refunds")
    .select(["createdAt", "updatedAt", "invoiceId", "amount", "status", "error", "allocation"])
    .where("invoiceId", "in", invoiceIds)
    .execute();
}

/** The invoice with this id, every column (undefined when there is none). */
export function invoiceById(db: ModelQueries, invoiceId: string) {
  return db.selectFrom("billing/invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
}

/** The payment intent with this id, every column (undefined when there is none). */
export function paymentIntentById(db: ModelQueries, intentId: string) {
  return db.selectFrom("billing/payment-intents").selectAll().where("id", "=", intentId).executeTakeFirst();
}

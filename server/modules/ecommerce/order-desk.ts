import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { FastifyInstance } from "fastify";
import { currencyRows, fromMinorUnits, invoicesOfIntents, refundsOf, toMinorUnits } from "../billing/index.js";
import type { DeskOrder } from "../../../common/admin/desk-order.js";
import type { Language } from "../../../common/site/page-data.js";
import { deskPricing } from "./desk-pricing.js";
import { chargedBreakdown, chargedLineTitles } from "./invoice-breakdown.js";
import type { OrderStatus } from "./orders.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import { orderAccountEmails } from "../rbac/index.js";
import { orderNumber } from "../../../common/order-number.js";

/** The short order number the customer's mails show (order-status-notices.ts), written once for the site too. */
export { orderNumber };

/** One order as the desk shows it: the wire contract in common/admin/desk-order.ts, shared with its screens. */
export type { DeskOrder };

export interface DeskFilters {
  status?: OrderStatus[];
  /** ISO dates or date-times; `to` is inclusive of that day when a bare date. */
  from?: string;
  to?: string;
  /** An order number (or any start of the id, a leading # ignored), an email or a name. */
  search?: string;
  limit: number;
  offset: number;
  language: string;
}

/** A start of an order's id (hex, hyphens ignored) as the range of ids it covers: an index range scan, not a text match. */
export function idRange(prefix: string): [string, string] | undefined {
  const hex = prefix.replace(/^#/, "").replace(/-/g, "").toLowerCase();
  if (!/^[0-9a-f]{4,32}$/.test(hex)) return undefined;
  const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [uuid(hex.padEnd(32, "0")), uuid(hex.padEnd(32, "f"))];
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The order desk's read model: a page of orders with everything the table shows, in ONE query
 * whatever the page size — each order's latest paying invoice, its currency and its customer's
 * sign-in email come from lateral joins (one row each), its lines from a JSON array subquery, the
 * number of matching orders from a window count. Only checked-out orders (type `history`): a cart
 * is not an order yet.
 */
export class OrderDesk {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return modelQueries(this.app.database.db, this.app.registry);
  }

  /** The query every read starts from: orders with their invoice (billing's, joined as its subquery), currency, customer (rbac's) and lines. */
  private base(db: ModelQueries) {
    return db
      .selectFrom("ecommerce/orders as o")
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
            .innerJoin(invoicesOfIntents(db).as("i"), "i.intentId", "op.billingModulePaymentIntentId")
            .whereRef("op.orderId", "=", "o.id")
            .select([
              "i.id",
              "i.amount",
              "i.currency",
              "i.status",
              "i.provider",
              "i.refundedAmount",
              "i.email",
              "i.createdAt",
              "i.flag",
              "i.breakdown",
            ])
            // The invoice that paid it, else its latest (an unpaid order's open or failed one).
            .orderBy(sql`(i.status in ('paid', 'refunded'))`, "desc")
            .orderBy("i.createdAt", "desc")
            .limit(1)
            .as("inv"),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("ecommerce/orders-to-billing-module-currencies as oc")
            .innerJoin(currencyRows(db).as("c"), "c.id", "oc.billingModuleCurrencyId")
            .whereRef("oc.orderId", "=", "o.id")
            .select(["c.slug", "c.symbol", "c.decimals"])
            .limit(1)
            .as("cur"),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            // The customer's sign-in emails (rbac's, joined as its subquery): the first one.
            .selectFrom(orderAccountEmails(db).as("id"))
            .whereRef("id.orderId", "=", "o.id")
            .select("id.email")
            .orderBy("id.createdAt")
            .limit(1)
            .as("acc"),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        "o.id",
        "o.status",
        "o.email",
        "o.shippingAddress",
        "o.createdAt",
        "inv.id as invoiceId",
        "inv.amount",
        "inv.currency",
        "inv.status as invoiceStatus",
        "inv.provider",
        "inv.refundedAmount",
        "inv.email as invoiceEmail",
        "inv.createdAt as invoicedAt",
        "inv.flag",
        "cur.slug",
        "cur.symbol",
        "cur.decimals",
        "acc.email as accountEmail",
        jsonArrayFrom(
          eb
            .selectFrom("ecommerce/orders-to-products as l")
            .innerJoin("ecommerce/products as p", "p.id", "l.productId")
            .whereRef("l.orderId", "=", "o.id")
            // The title the line was bought by (kept at checkout), else — a line checked out before lines kept it — the product's.
            .select([
              sql<Record<string, string> | null>`coalesce(nullif(l."title", '{}'::jsonb), p."title")`.as("title"),
              "p.adminTitle",
              "l.quantity",
            ])
            .orderBy("l.orderIndex")
            .orderBy("l.createdAt"),
        ).as("lines"),
      ]);
  }

  /** A page of checked-out orders, newest first, under the filters; the number of them all. */
  async list(filters: DeskFilters): Promise<{ rows: DeskOrder[]; total: number }> {
    const date = sql`coalesce(inv."createdAt", o."createdAt")`;
    let query = this.base(this.db).select(sql<string>`count(*) over ()`.as("total")).where("o.type", "=", "history");
    if (filters.status?.length) query = query.where("o.status", "in", filters.status);
    if (filters.from) query = query.where(date, ">=", new Date(filters.from));
    if (filters.to) query = query.where(date, /^\d{4}-\d{2}-\d{2}$/.test(filters.to) ? "<" : "<=", endOf(filters.to));
    const search = filters.search?.trim();
    if (search) {
      const range = idRange(search);
      const like = likeText(search);
      query = query.where((eb) =>
        eb.or([
          ...(range ? [eb.between("o.id", range[0], range[1])] : []),
          eb(sql`coalesce(o.email, inv.email, acc.email)`, "ilike", like),
          eb(sql`o."shippingAddress"->>'name'`, "ilike", like),
        ]),
      );
    }
    const found = await query
      .orderBy(date, "desc")
      .orderBy("o.id", "desc")
      .limit(filters.limit)
      .offset(filters.offset)
      .execute();
    return {
      rows: found.map((row) => this.shape(row as DeskRow, filters.language)),
      total: found[0] ? Number(found[0].total) : 0,
    };
  }

  /**
   * One order (any type) as the desk shows it, or undefined; with what its invoice charged, from
   * the invoice's breakdown (desk-pricing.ts), and what its refunds gave back of each part: one
   * more read, of the invoice's refunds, when it has a breakdown.
   */
  async one(orderId: string, language: string): Promise<DeskOrder | undefined> {
    const db = this.db;
    const row = await this.base(db).select("inv.breakdown").where("o.id", "=", orderId).executeTakeFirst();
    if (!row) return undefined;
    const order = this.shape(row as DeskRow, language);
    const charged = row.invoiceId ? chargedBreakdown(row.breakdown) : undefined;
    if (!charged) return { ...order, pricing: null };
    const titles = await chargedLineTitles(
      db,
      charged.lines.map((l) => l.id),
    );
    const refunds = await refundsOf(db, [row.invoiceId!]);
    return {
      ...order,
      pricing: deskPricing(charged, {
        orderId,
        refunds,
        refunded: row.refundedAmount ?? null,
        titles,
        language: language as Language,
      }),
    };
  }

  /** Several orders (any type) as the desk shows them, in one query: the admin's labels of orders. */
  async many(orderIds: string[], language: string): Promise<DeskOrder[]> {
    if (orderIds.length === 0) return [];
    const rows = await this.base(this.db).where("o.id", "in", orderIds).execute();
    return rows.map((row) => this.shape(row as DeskRow, language));
  }

  private shape(row: DeskRow, language: string): DeskOrder {
    const decimals = row.decimals == null ? 2 : Number(row.decimals);
    const exact = (value: unknown) =>
      value == null ? null : fromMinorUnits(toMinorUnits(String(value), decimals), decimals);
    const code = row.currency ? String(row.currency).toUpperCase() : row.slug ? String(row.slug).toUpperCase() : null;
    const paid = row.invoiceStatus === "paid" || row.invoiceStatus === "refunded";
    const lines = (typeof row.lines === "string" ? JSON.parse(row.lines) : (row.lines ?? [])) as {
      title: Record<string, string> | null;
      adminTitle: string | null;
      quantity: number;
    }[];
    const address = (row.shippingAddress ?? null) as Record<string, unknown> | null;
    return {
      id: row.id,
      number: orderNumber(row.id),
      date: new Date(row.invoicedAt ?? row.createdAt).toISOString(),
      status: row.status,
      customer: {
        email: row.email ?? row.invoiceEmail ?? row.accountEmail ?? null,
        name: typeof address?.name === "string" ? address.name : null,
      },
      lines: lines.map((l) => ({
        title: l.title?.[language] || l.title?.en || l.adminTitle || "",
        quantity: Number(l.quantity),
      })),
      total: exact(row.amount),
      currency: code ? { code, symbol: row.symbol ?? null, decimals } : null,
      paid: row.invoiceId ? (paid ? exact(row.amount) : exact("0")) : null,
      refunded: row.invoiceId ? exact(row.refundedAmount ?? "0") : null,
      provider: row.provider ?? null,
      invoice: row.invoiceId ? { id: row.invoiceId, status: String(row.invoiceStatus), flag: row.flag ?? null } : null,
      shippingAddress: address,
    };
  }
}

/** A row of the desk's query (base()): the order's columns, its invoice's, currency's and account's, and its lines as JSON. */
interface DeskRow {
  id: string;
  status: string;
  email: string | null;
  shippingAddress: Record<string, unknown> | null;
  createdAt: string | Date;
  invoiceId: string | null;
  amount: string | null;
  currency: string | null;
  invoiceStatus: string | null;
  provider: string | null;
  refundedAmount: string | null;
  invoiceEmail: string | null;
  invoicedAt: string | Date | null;
  flag: string | null;
  slug: string | null;
  symbol: string | null;
  decimals: number | string | null;
  accountEmail: string | null;
  lines: string | { title: Record<string, string> | null; adminTitle: string | null; quantity: number }[] | null;
  total?: string;
}

/** A bare date's end is the next day's start (the filter is `<` it); a date-time is taken as it is. */
function endOf(to: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(to)) return new Date(to);
  const next = new Date(`${to}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

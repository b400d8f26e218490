import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { checkoutCurrency, currencyRows, type Currency } from "../billing/index.js";
import type { Row } from "../../../engine/query/prepare-write.js";
import { isLanguage, type Language } from "../../../engine/schema/languages.js";
import { text } from "../../../common/i18n/text.js";
import { siteName, type ProductAttachmentInput, type ReceiptInput } from "../file-storage/index.js";
import type { Order, Orders } from "./orders.js";
import { totalsByCurrency } from "./totals.js";
import { boughtTitle, boughtTotal, wasBought } from "./bought-lines.js";
import { orderSubjectLanguages } from "../rbac/index.js";
import { breakdownOfOrder, chargedLineTitles } from "./invoice-breakdown.js";
import { breakdownRows } from "./breakdown-rows.js";

export const languageOf = (value: unknown): Language | undefined => (isLanguage(value) ? value : undefined);

/** What the shop's generated images show, read from the database (a few queries per image, none per line). */
export class ShopImageData {
  constructor(
    private readonly app: FastifyInstance,
    private readonly orders: Orders,
    private readonly origin: string,
  ) {}

  private get db() {
    return modelQueries(this.app.database.db, this.app.registry);
  }

  /** The order's subject's language, when it has a subject. */
  async subjectLanguage(orderId: string): Promise<Language | undefined> {
    const db = this.db;
    const row = await db
      .selectFrom(orderSubjectLanguages(db).as("s"))
      .select("s.language")
      .where("s.orderId", "=", orderId)
      .executeTakeFirst();
    return languageOf(row?.language);
  }

  /** The currency the order is counted in: the one it was checked out in, else the default one. */
  private async currencyOf(orderId: string): Promise<Currency | undefined> {
    const db = this.db;
    const checkedOut = await db
      .selectFrom("ecommerce/orders-to-billing-module-currencies as oc")
      .innerJoin(currencyRows(db).as("c"), "c.id", "oc.billingModuleCurrencyId")
      .selectAll("c")
      .where("oc.orderId", "=", orderId)
      .orderBy("oc.createdAt", "desc")
      .executeTakeFirst();
    return checkedOut ?? checkoutCurrency(db, undefined).executeTakeFirst();
  }

  /**
   * An order's receipt, in a language: its lines priced in its currency (exact decimals), total,
   * status and date. When its invoice keeps a breakdown, what that invoice charged: its lines (a
   * checkout of several cart orders is one invoice, so theirs too, after this order's), the rows
   * beside them (subtotal, discount, delivery, tax: breakdown-rows.ts) and its total, the amount paid.
   */
  async receipt(order: Order, language: Language): Promise<ReceiptInput> {
    const orderId = order.id as string;
    const currency = await this.currencyOf(orderId);
    const head = {
      language,
      siteName: await siteName(this.app, this.origin),
      orderId,
      status: String(order.status),
      date: new Date(String(order.updatedAt)),
      currency: currency ? { code: currency.slug.toUpperCase(), symbol: currency.symbol ?? null } : undefined,
    };
    const charged = await breakdownOfOrder(this.db, orderId);
    if (charged) {
      const titles = await chargedLineTitles(
        this.db,
        charged.lines.map((l) => l.id),
      );
      const rows = breakdownRows(charged, language);
      // This order's lines first (as the desk shows them), each group in the invoice's order.
      const own = (id: string) => titles.get(id)?.orderId === orderId;
      const lines = [...charged.lines.filter((l) => own(l.id)), ...charged.lines.filter((l) => !own(l.id))];
      return {
        ...head,
        lines: lines.map((line) => {
          const bought = titles.get(line.id);
          return {
            title: text(bought?.title, language) || bought?.adminTitle || line.productId,
            quantity: line.quantity,
            price: line.unitPrice,
            amount: line.amount,
          };
        }),
        ...(rows.length ? { rows } : {}),
        total: charged.total,
      };
    }
    const [withLines] = await this.orders.withLines(this.db, [order], true);
    const priced = currency ? await this.orders.prices.lines(this.db, { orderIds: [orderId] }, currency.id) : [];
    const byLine = new Map(priced.map((p) => [p.lineId, p]));
    const lines = withLines!.ordersToProducts;
    // What was bought (bought-lines.ts): the title, price and amount each line kept at checkout;
    // today's published ones only for a line checked out before lines kept them.
    const kept = currency
      ? boughtTotal(lines, {
          id: currency.id,
          slug: currency.slug,
          symbol: currency.symbol ?? null,
          decimals: Number(currency.decimals),
        })
      : undefined;
    return {
      ...head,
      lines: lines.map((line) => ({
        title:
          text(boughtTitle(line) ?? (line.product as Row | null)?.title, language) ||
          String((line.product as Row | null)?.adminTitle ?? line.productId),
        quantity: Number(line.quantity),
        price: wasBought(line) ? String(line.price) : byLine.get(line.id)?.price,
        amount: wasBought(line) ? String(line.amount) : byLine.get(line.id)?.amount,
      })),
      total: kept
        ? kept[0]!.total
        : totalsByCurrency(
            priced,
            lines.map((l) => l.id),
          )[0]?.total,
    };
  }

  /** A product's card: title, short description and its price in each currency (at the currency's precision). */
  async attachment(product: Row, language: Language): Promise<ProductAttachmentInput> {
    const db = this.db;
    const prices = await db
      .selectFrom("ecommerce/products-to-attributes as pa")
      .innerJoin("ecommerce/attributes as a", "a.id", "pa.attributeId")
      .innerJoin("ecommerce/attribute-keys-to-attributes as ka", "ka.attributeId", "a.id")
      .innerJoin("ecommerce/attribute-keys as k", "k.id", "ka.attributeKeyId")
      .innerJoin("ecommerce/attributes-to-billing-module-currencies as ac", "ac.attributeId", "a.id")
      .innerJoin(currencyRows(db).as("c"), "c.id", "ac.billingModuleCurrencyId")
      .select(["c.symbol", "c.slug", sql<string>`round(a."number", c."decimals")::text`.as("price")])
      .where("k.type", "=", "price")
      .where("a.number", "is not", null)
      .where("pa.productId", "=", product.id as string)
      .orderBy("c.isDefault", "desc")
      .orderBy("c.slug")
      .execute();
    return {
      siteName: await siteName(this.app, this.origin),
      title: text(product.title, language) || String(product.adminTitle),
      shortDescription: text(product.shortDescription, language),
      prices: prices.map((p) => (p.symbol ? `${p.symbol}${p.price}` : `${p.price} ${String(p.slug).toUpperCase()}`)),
    };
  }
}

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../../engine/db/open-database.js";
import { AppError, notFound, validationError } from "../../../engine/errors.js";
import type { Repositories } from "../../../engine/query/repositories.js";
import type { ModelId, StoredRecord } from "../../../engine/query/stored-record.js";
import { Params, StatementCache, type Param } from "../../../engine/query/statement-cache.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { NO_PRICE, Prices, type Currency, type PricedLine } from "./prices.js";
import { asBought, boughtTotal } from "./bought-lines.js";
import { totalsByCurrency, type Total } from "./totals.js";
import { publishedTable } from "../../../engine/schema/published-model.js";
import { assertLeft, availableFor, stockLeft, visitorProducts, type VisitorProducts } from "./stock.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import { checkoutCurrency, currencyRows, type Currencies, type Currency as BillingCurrency } from "../billing/index.js";
import { columnsOf } from "./model-columns.js";
import { chargedTotals, withCharged } from "./charged-totals.js";
import { orderSubjects, ordersOfSubject, subjectOrderLink } from "../rbac/index.js";

export type OrderType = "cart" | "history";
export type Order = StoredRecord<"ecommerce/orders">;
export type OrderStatus = Order["status"];
export type OrderLine = StoredRecord<"ecommerce/orders-to-products">;
/** An order with its lines; each line has its product (null when deleted) when they were asked for. */
export type OrderWithLines = Order & {
  ordersToProducts: (OrderLine & { product?: StoredRecord<"ecommerce/products"> | null })[];
};

/**
 * A subject's orders: the cart (orders of type cart, status new, one product line each as the
 * original client makes them) and past orders. Reads take a fixed number of queries whatever
 * the number of orders; every write is one transaction (order, line and subject link together).
 */
export class Orders {
  readonly prices: Prices;
  private readonly table: (id: string) => string;
  /** The table a buyer sees a model in: a drafted product or store only once published (docs/drafts.md). */
  private readonly visitorTable: (id: string) => string;
  /** The products as a buyer sees them, by model id: the published copy when products are drafted. */
  private readonly visitorProducts: VisitorProducts;
  private readonly statements = new StatementCache();
  /** Typed queries on the database (model-tables.ts): what is read outside a transaction. */
  private readonly db: ModelQueries;

  constructor(
    private readonly database: Database,
    private readonly repositories: Repositories,
    private readonly registry: Registry,
    private readonly currencies: Currencies,
  ) {
    this.prices = new Prices(registry);
    this.table = (id) => registry.get(id).table;
    this.visitorTable = (id) => publishedTable(registry.get(id));
    this.visitorProducts = visitorProducts(registry.get("ecommerce/products"));
    this.db = modelQueries(database.db, registry);
  }

  /** Every column of a model's record, named `alias.column` (model-columns.ts). */
  private columns<K extends ModelId, A extends string>(id: K, alias: A) {
    return columnsOf(this.registry, id, alias);
  }

  /** The subject's orders of a type, newest last, each with its lines (and products) and totals. */
  async ofSubject(subjectId: string, type: OrderType): Promise<(OrderWithLines & { total: Total[] })[]> {
    const orders = await this.db
      .selectFrom("ecommerce/orders as o")
      .innerJoin(orderSubjects(this.db).as("so"), "so.orderId", "o.id")
      .select(this.columns("ecommerce/orders", "o"))
      .where("so.subjectId", "=", subjectId)
      .where("o.type", "=", type)
      .orderBy("o.createdAt", "asc")
      .$castTo<Order>()
      .execute();
    const withLines = await this.withCartStock(type, await this.withLines(this.db, orders, true));
    const priced = await this.prices.lines(this.db, { orderIds: orders.map((o) => o.id) });
    // A past order counts in the currency it was checked out in, not in every currency.
    const paidIn =
      type === "history" ? await this.checkoutCurrencies(orders.map((o) => o.id)) : new Map<string, Currency>();
    const charged =
      type === "history"
        ? await chargedTotals(
            this.db,
            orders.map((o) => o.id),
            paidIn,
          )
        : new Map();
    return withLines.map((order) =>
      type === "history"
        ? withCharged(this.asBought(order, priced, paidIn.get(order.id)), charged.get(order.id))
        : {
            ...order,
            total: totalsByCurrency(
              priced.filter((p) => p.orderId === order.id),
              order.ordersToProducts.map((l) => l.id),
            ),
          },
    );
  }

  /**
   * A checked-out order as it was bought (bought-lines.ts): its lines name their products by the
   * titles kept at checkout and its total is what they were charged in `paidIn`; an order checked
   * out before lines kept them is priced today, in that currency.
   */
  private asBought(
    order: OrderWithLines,
    priced: PricedLine[],
    paidIn: Currency | undefined,
  ): OrderWithLines & { total: Total[] } {
    const lineIds = order.ordersToProducts.map((l) => l.id);
    const today = () =>
      totalsByCurrency(
        priced.filter((p) => p.orderId === order.id && (!paidIn || p.currency.id === paidIn.id)),
        lineIds,
      );
    return {
      ...order,
      ordersToProducts: order.ordersToProducts.map(asBought),
      total: boughtTotal(order.ordersToProducts, paidIn) ?? today(),
    };
  }

  /** Cart lines get `available`: the items their product (or store) has left, null when not tracked (stock.ts), so the cart flags a line that ran out. */
  private async withCartStock(type: OrderType, orders: OrderWithLines[]): Promise<OrderWithLines[]> {
    if (type !== "cart") return orders;
    const available = await availableFor(
      this.db,
      orders.flatMap((o) => o.ordersToProducts),
    );
    return orders.map((o) => ({
      ...o,
      ordersToProducts: o.ordersToProducts.map((l) => ({ ...l, available: available.get(l.id) ?? null })),
    }));
  }

  /** Each order's checkout currency (orders-to-billing-module-currencies; the latest when several), by order id. */
  private async checkoutCurrencies(orderIds: string[]): Promise<Map<string, Currency>> {
    if (orderIds.length === 0) return new Map();
    const links = await this.db
      .selectFrom("ecommerce/orders-to-billing-module-currencies as oc")
      .innerJoin(currencyRows(this.db).as("c"), "c.id", "oc.billingModuleCurrencyId")
      .select(["oc.orderId", "c.id", "c.slug", "c.symbol", "c.decimals"])
      .where("oc.orderId", "in", orderIds)
      .orderBy("oc.createdAt", "asc")
      .execute();
    return new Map(
      links.map((l) => [l.orderId, { id: l.id, slug: l.slug, symbol: l.symbol ?? null, decimals: Number(l.decimals) }]),
    );
  }

  /**
   * The orders payment intents pay for, as billing's dummy payment page lists them (each with its
   * lines and their products): what ecommerce tells billing an invoice is for (Invoices.onInvoiceItems).
   */
  async ofPaymentIntents(db: ModelQueries, intentIds: string[]) {
    if (intentIds.length === 0) return [];
    const rows = await db
      .selectFrom("ecommerce/orders-to-billing-module-payment-intents as op")
      .innerJoin("ecommerce/orders as o", "o.id", "op.orderId")
      .select(this.columns("ecommerce/orders", "o"))
      .where("op.billingModulePaymentIntentId", "in", intentIds)
      .execute();
    return (await this.withLines(db, rows, true)).map((o) => ({
      id: o.id,
      status: o.status,
      ordersToProducts: o.ordersToProducts.map((l) => ({
        id: l.id,
        quantity: l.quantity,
        product: l.product ? { id: l.product.id, slug: l.product.slug, title: l.product.title } : null,
      })),
    }));
  }

  /** One order as its mailed link shows it (order-links.ts): lines with products, and its total in the currency it was checked out in. */
  async byLink(orderId: string): Promise<OrderWithLines & { total: Total[] }> {
    const [order] = await this.withLines(
      this.db,
      [await this.repositories.get("ecommerce/orders")!.get(orderId)],
      true,
    );
    const priced = await this.prices.lines(this.db, { orderIds: [orderId] });
    const currencies = await this.checkoutCurrencies([orderId]);
    const paidIn = currencies.get(orderId);
    if (order!.type === "history")
      return withCharged(
        this.asBought(order!, priced, paidIn),
        (await chargedTotals(this.db, [orderId], currencies)).get(orderId),
      );
    return {
      ...order!,
      total: totalsByCurrency(
        priced.filter((p) => !paidIn || p.currency.id === paidIn.id),
        order!.ordersToProducts.map((l) => l.id),
      ),
    };
  }

  /** The shipping address of the subject's latest order that has one: offered again at checkout. */
  async lastAddress(subjectId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom("ecommerce/orders as o")
      .innerJoin(orderSubjects(this.db).as("so"), "so.orderId", "o.id")
      .select("o.shippingAddress")
      .where("so.subjectId", "=", subjectId)
      .where("o.shippingAddress", "is not", null)
      .orderBy("o.updatedAt", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.shippingAddress ?? null;
  }

  /** Orders with their lines attached (and each line's product when asked): two queries. */
  async withLines(db: ModelQueries, orders: Order[], withProducts = false): Promise<OrderWithLines[]> {
    if (orders.length === 0) return [];
    const lines = await db
      .selectFrom("ecommerce/orders-to-products")
      .select(this.columns("ecommerce/orders-to-products", "ecommerce/orders-to-products"))
      .where(
        "orderId",
        "in",
        orders.map((o) => o.id),
      )
      .orderBy("orderIndex", "asc")
      .orderBy("createdAt", "asc")
      .execute();
    const products = withProducts ? await this.linedProducts(db, [...new Set(lines.map((l) => l.productId))]) : [];
    const productById = new Map(products.map((p) => [p.id, p]));
    return orders.map((order) => ({
      ...order,
      ordersToProducts: lines
        .filter((l) => l.orderId === order.id)
        .map((l) => (withProducts ? { ...l, product: productById.get(l.productId) ?? null } : l)),
    }));
  }

  /**
   * The products of order lines as the buyer knows them: their published copies (an editor's
   * unpublished edits never reach a cart or an order), else — a product taken off the site since —
   * its working copy, so a past order still names what was bought.
   */
  private async linedProducts(db: ModelQueries, ids: string[]): Promise<StoredRecord<"ecommerce/products">[]> {
    if (ids.length === 0) return [];
    const products = this.repositories.get("ecommerce/products")!;
    const published = await db
      .selectFrom(`${this.visitorProducts} as p`)
      .select(this.columns("ecommerce/products", "p"))
      .where("p.id", "in", ids)
      .execute();
    const found = new Set(published.map((p) => p.id));
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length === 0) return published;
    return [...published, ...(await products.within({ trx: db, touched: new Set() }).listByIds(gone))];
  }

  /** The order, when it is the subject's; 404 otherwise (another subject's order is not revealed). */
  async ownedBy(db: ModelQueries, subjectId: string, orderId: string): Promise<Order> {
    const [order] = await this.allOwnedBy(db, subjectId, [orderId]);
    return order!;
  }

  /**
   * The orders, when every one is the subject's (404 naming one that is not), in id order and,
   * with `lock`, locked for the transaction (SELECT … FOR UPDATE: a checkout's guard).
   */
  async allOwnedBy(db: ModelQueries, subjectId: string, orderIds: string[], { lock = false } = {}): Promise<Order[]> {
    const query = this.owned(db, subjectId, orderIds);
    return this.allFound(subjectId, orderIds, await (lock ? query.forUpdate("o") : query).execute());
  }

  /**
   * A checkout's first read, one statement: the orders locked as `allOwnedBy` locks them, and the
   * currency it is paid in: the one with `currencyId`, or else the shop's default (the oldest
   * marked default); undefined when there is no such currency.
   */
  async lockedWithCurrency(
    db: ModelQueries,
    subjectId: string,
    orderIds: string[],
    currencyId: string | undefined,
    { lock = true }: { lock?: boolean } = {},
  ): Promise<{ orders: Order[]; currency: BillingCurrency | undefined }> {
    const currencyColumns = this.currencies.columns;
    // Built once per shape (a checkout's first statement): the values are bound, not compiled in.
    const params = new Params();
    const [subject, ids, currency] = [
      params.add(subjectId),
      orderIds.map((id) => params.add(id)),
      currencyId === undefined ? undefined : params.add(currencyId),
    ];
    const rows = await this.statements.run<Record<string, unknown>>(
      db,
      `locked-with-currency|${orderIds.length}|${currency ? "id" : "default"}|${lock}`,
      params,
      () => {
        const read = this.owned(db, subject, ids)
          .leftJoinLateral(
            // Billing's currency row for the checkout (billing-reads.ts), joined into this statement.
            () => checkoutCurrency(db, currency).as("c"),
            (join) => join.onTrue(),
          )
          .select(currencyColumns.map((c) => sql.ref(`c.${c}`).as(`currency.${c}`)));
        // A quote reads without locking (lock false): only a checkout holds the orders.
        return lock ? read.forUpdate("o") : read;
      },
    );
    const orders = this.allFound(
      subjectId,
      orderIds,
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !k.startsWith("currency."))) as Order),
    );
    const first = rows[0]!;
    return {
      orders,
      currency:
        first["currency.id"] === null
          ? undefined
          : (Object.fromEntries(currencyColumns.map((c) => [c, first[`currency.${c}`]])) as BillingCurrency),
    };
  }

  /** The subject's orders among `orderIds`, in id order (a query to finish; values or their stand-ins, statement-cache.ts). */
  private owned(db: ModelQueries, subjectId: string | Param, orderIds: (string | Param)[]) {
    return (
      db
        .selectFrom("ecommerce/orders as o")
        // The subject's links (rbac's, joined as its subquery).
        .innerJoin(orderSubjects(db).as("so"), "so.orderId", "o.id")
        .select(this.columns("ecommerce/orders", "o"))
        // A stand-in (statement-cache.ts) is bound as the value it stands for: a raw fragment carries it as a parameter.
        .where("so.subjectId", "=", sql<string>`${subjectId}`)
        .where(
          "o.id",
          "in",
          orderIds.map((id) => sql<string>`${id}`),
        )
        .orderBy("o.id")
    );
  }

  /** The rows, when every asked order is among them; else a 404 naming one that is not. */
  private allFound(subjectId: string, orderIds: string[], rows: Order[]): Order[] {
    const found = new Set(rows.map((r) => r.id));
    const missing = orderIds.find((id) => !found.has(id));
    if (missing) throw notFound(`Order ${missing} of subject ${subjectId} was not found`);
    return rows;
  }

  /** Whose order it is (undefined for an order no subject holds); 404 for no such order. */
  async ownerOf(orderId: string): Promise<string | undefined> {
    await this.repositories.get("ecommerce/orders")!.get(orderId);
    const link = await orderSubjects(this.db).where("ecommerceModuleOrderId", "=", orderId).executeTakeFirst();
    return link?.subjectId;
  }

  /**
   * Adds a product to the subject's cart: a product already there (from the same store) gets the
   * quantity added to its line; otherwise a new cart order with one line, linked to the subject.
   * Returns the order touched.
   */
  async addToCart(
    subjectId: string,
    input: { productId: string; quantity: number; storeId?: string },
  ): Promise<OrderWithLines> {
    // One look-up outside any transaction: the product, the store, the cart line and the stock left.
    const found = await this.cartLineFor(this.db, subjectId, input, false);
    const missing = !found
      ? ["ecommerce/products", input.productId]
      : input.storeId && !found.store
        ? ["ecommerce/stores", input.storeId]
        : undefined;
    if (missing) throw notFound(`${this.repositories.get(missing[0]!)!.model.title} ${missing[1]} was not found`);
    if (!found!.lineId) {
      // A sold-out product (or more than is left) is refused here as the checkout would refuse it (stock.ts).
      await assertLeft(this.db, this.visitorProducts, input.productId, found!.left, input.quantity);
      // A new cart order with its one line, linked to the subject: one statement, all or none.
      const orderId = randomUUID();
      const [order, line] = await this.repositories
        .get("ecommerce/orders")!
        .createTogether({ id: orderId, type: "cart", status: "new" }, [
          {
            repository: this.repositories.get("ecommerce/orders-to-products")!,
            raw: {
              orderId,
              productId: input.productId,
              quantity: input.quantity,
              ...(input.storeId ? { storeId: input.storeId } : {}),
            },
          },
          subjectOrderLink(this.repositories, subjectId, orderId),
        ]);
      return { ...(order as Order), ordersToProducts: [line as OrderLine] };
    }
    // The line is there: its quantity raised with the line locked (the look-up again, with the lock).
    const raised = await runTransaction(this.database, this.repositories, async (repository, trx) => {
      const locked = await this.cartLineFor(trx, subjectId, input, true);
      if (!locked?.lineId) return undefined;
      await assertLeft(
        trx,
        this.visitorProducts,
        input.productId,
        locked.left,
        Number(locked.lineQuantity ?? 0) + input.quantity,
      );
      const { lineId, lineQuantity, store: _store, left: _left, ...order } = locked;
      await repository("ecommerce/orders-to-products").update(lineId, { quantity: lineQuantity! + input.quantity });
      const [withLines] = await this.withLines(trx, [order as Order]);
      return withLines!;
    });
    // Checked out or removed since the look-up: a new cart order.
    return raised ?? this.addToCart(subjectId, input);
  }

  /**
   * In one statement: whether the product (and the store) exist, the items left of it (stock.ts,
   * stockLeft), and the subject's cart line of that product from that store with its order
   * (none: the line fields are null), locked for the transaction with `lock`. Undefined when
   * there is no such product. The subject's own cart orders are looked up first (a fence the
   * planner keeps), so a product in thousands of carts costs what one in a single cart does.
   */
  private async cartLineFor(
    db: ModelQueries,
    subjectId: string,
    input: { productId: string; storeId?: string },
    lock: boolean,
  ) {
    const line = db
      .selectFrom(ordersOfSubject(db, subjectId).as("mine"))
      .innerJoin("ecommerce/orders as o", "o.id", "mine.orderId")
      .innerJoin("ecommerce/orders-to-products as l", "l.orderId", "o.id")
      .select(this.columns("ecommerce/orders", "o"))
      .select(["l.id as lineId", "l.quantity as lineQuantity"])
      .where("o.type", "=", "cart")
      .where("o.status", "=", "new")
      .where("l.productId", "=", input.productId)
      .where((eb) => (input.storeId ? eb("l.storeId", "=", input.storeId) : eb("l.storeId", "is", null)))
      .limit(1)
      .$if(lock, (q) => q.forUpdate(["o", "l"]));
    const store = input.storeId
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(this.visitorTable("ecommerce/stores"))} WHERE "id" = ${input.storeId})`
      : sql<boolean>`true`;
    const query = db
      .selectFrom(`${this.visitorProducts} as p`)
      .leftJoinLateral(line.as("x"), (join) => join.onTrue())
      .select([...this.columns("ecommerce/orders", "x"), "x.lineId", "x.lineQuantity"])
      .select(store.as("store"))
      .select(stockLeft(this.table, input.productId, input.storeId).as("left"))
      .where("p.id", "=", input.productId)
      .$castTo<
        Partial<Order> & {
          lineId: string | null;
          lineQuantity: number | null;
          store: boolean;
          left: number | string | null;
        }
      >();
    if (lock) return query.executeTakeFirst();
    // Outside a transaction: run as the repositories' statements run (on PostgreSQL, prepared once per connection).
    const { sql: text, parameters } = query.compile();
    const [row] = await this.database.run<NonNullable<Awaited<ReturnType<typeof query.executeTakeFirst>>>>(
      text,
      parameters,
    );
    return row;
  }

  /** New quantities for lines of one of the subject's cart orders. */
  async updateLines(
    subjectId: string,
    orderId: string,
    lines: { id: string; quantity: number }[],
  ): Promise<OrderWithLines> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      const order = await this.ownedBy(trx, subjectId, orderId);
      assertInCart(order);
      const [current] = await this.withLines(trx, [order]);
      const own = new Set(current!.ordersToProducts.map((l) => l.id));
      const foreign = lines.find((l) => !own.has(l.id));
      if (foreign) throw notFound(`Order line ${foreign.id} of order ${orderId} was not found`);
      if (lines.length > 0) await repository("ecommerce/orders-to-products").bulkUpdate(lines);
      const [updated] = await this.withLines(trx, [await repository("ecommerce/orders").get(orderId)]);
      return updated!;
    });
  }

  /** A new quantity for one line of an order (the caller's right to the order is checked by the route). */
  async updateLine(orderId: string, lineId: string, quantity: number): Promise<OrderLine> {
    return runTransaction(this.database, this.repositories, async (repository) => {
      assertInCart(await repository("ecommerce/orders").get(orderId));
      const lines = repository("ecommerce/orders-to-products");
      const line = await lines.get(lineId);
      // Another order's line: the unknown line's 404 (the repository's words), so its existence does not show.
      if (line.orderId !== orderId) throw notFound(`${lines.model.title} ${lineId} was not found`);
      return repository("ecommerce/orders-to-products").update(lineId, { quantity });
    });
  }

  /** Deletes one of the subject's cart orders (its lines and link go with it). */
  async deleteFromCart(subjectId: string, orderId: string): Promise<Order> {
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      assertInCart(await this.ownedBy(trx, subjectId, orderId));
      return repository("ecommerce/orders").delete(orderId);
    });
  }

  /** Items in the subject's cart: the sum of its lines' quantities. */
  async cartQuantity(subjectId: string): Promise<number> {
    const row = await this.db
      .selectFrom("ecommerce/orders-to-products as l")
      .innerJoin("ecommerce/orders as o", "o.id", "l.orderId")
      .innerJoin(orderSubjects(this.db).as("so"), "so.orderId", "o.id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("l.quantity"), eb.lit(0)).as("quantity"))
      .where("so.subjectId", "=", subjectId)
      .where("o.type", "=", "cart")
      .where("o.status", "=", "new")
      .executeTakeFirstOrThrow();
    return Number(row.quantity);
  }

  /** Totals per currency of the subject's cart. */
  async cartTotal(subjectId: string): Promise<Total[]> {
    const orders = await this.ofSubject(subjectId, "cart");
    const lineIds = orders.flatMap((o) => o.ordersToProducts.map((l) => l.id));
    const priced = await this.prices.lines(this.db, { lineIds });
    return totalsByCurrency(priced, lineIds);
  }

  /** Totals per currency of one order, or one line. */
  async totalOf(selection: { orderId: string } | { lineId: string }): Promise<Total[]> {
    if ("lineId" in selection) {
      await this.repositories.get("ecommerce/orders-to-products")!.get(selection.lineId);
      return totalsByCurrency(await this.prices.lines(this.db, { lineIds: [selection.lineId] }), [selection.lineId]);
    }
    const [order] = await this.withLines(this.db, [
      await this.repositories.get("ecommerce/orders")!.get(selection.orderId),
    ]);
    const lineIds = order!.ordersToProducts.map((l) => l.id);
    return totalsByCurrency(await this.prices.lines(this.db, { lineIds }), lineIds);
  }

  /**
   * The price attributes an order's lines are charged by in a currency: each attribute record with
   * the line it prices and that line's amount. A line with no price there is a 400 (NO_PRICE's message).
   */
  async checkoutAttributes(orderId: string, currencyId: string) {
    await this.currencies.get(currencyId);
    const [order] = await this.withLines(this.db, [await this.repositories.get("ecommerce/orders")!.get(orderId)]);
    const lineIds = order!.ordersToProducts.map((l) => l.id);
    const priced = await this.prices.lines(this.db, { lineIds }, currencyId);
    if (priced.length < lineIds.length)
      throw validationError(NO_PRICE, [{ path: "/billingModuleCurrencyId", message: NO_PRICE }]);
    const attributes = await this.repositories
      .get("ecommerce/attributes")!
      .listByIds([...new Set(priced.map((p) => p.attributeId))]);
    const byId = new Map(attributes.map((a) => [a.id, a]));
    return priced.map((p) => ({
      ...byId.get(p.attributeId),
      ordersToProductsId: p.lineId,
      productId: p.productId,
      quantity: p.quantity,
      amount: p.amount,
      billingModuleCurrency: p.currency,
    }));
  }

  /** Items in one order. */
  async quantityOf(orderId: string): Promise<number> {
    const [order] = await this.withLines(this.db, [await this.repositories.get("ecommerce/orders")!.get(orderId)]);
    return order!.ordersToProducts.reduce((sum, l) => sum + Number(l.quantity), 0);
  }

  /** Deletes cart orders nobody touched for `maxAgeDays` (admin housekeeping). */
  async clearOld(maxAgeDays: number): Promise<number> {
    const cutoff = new Date(Date.now() - maxAgeDays * 86_400_000);
    return runTransaction(this.database, this.repositories, async (repository, trx) => {
      // Locked as they are read, so a cart touched meanwhile is not deleted; the orders go through
      // their repository (audited, announced) and their lines and subject links cascade.
      const old = await trx
        .selectFrom("ecommerce/orders")
        .select("id")
        .where("type", "=", "cart")
        .where("status", "=", "new")
        .where("updatedAt", "<", cutoff)
        .forUpdate()
        .execute();
      return (await repository("ecommerce/orders").deleteMany(old.map((o) => o.id))).length;
    });
  }
}

/** Only a cart order (type cart, status new) may change; one being paid or paid is history. */
export function assertInCart(order: Pick<Order, "id" | "type" | "status">) {
  if (order.type !== "cart" || order.status !== "new") {
    throw new AppError("CONFLICT", `order ${order.id} is ${order.status}, no longer in the cart`);
  }
}

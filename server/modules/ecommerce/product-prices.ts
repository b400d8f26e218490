import { randomUUID } from "node:crypto";
import type { Publisher } from "../../drafts/publisher.js";
import { notFound, validationErrorFromCauses, type ErrorCause } from "../../../engine/errors.js";
import type { Database } from "../../../engine/db/open-database.js";
import type { Repository } from "../../../engine/query/repository.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import type { Registry } from "../../../engine/schema/registry.js";
import { removeKeyedAttributes } from "./keyed-attributes.js";
import { Prices, type ProductPrice } from "./prices.js";
import { visitorProducts } from "./stock.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import { currenciesByIds } from "../billing/index.js";

/** At most this many prices in one PUT (currencies × stores of one product). */
export const MAX_PRICES = 100;

/** One entry of PUT /api/ecommerce/products/{id}/prices. */
export interface PriceInput {
  currencyId: string;
  amount: string;
  storeId?: string | null;
}

/** A decimal string ≥ 0: up to 18 integer digits; the currency says how many fraction digits. */
const AMOUNT = /^\d{1,18}(?:\.(\d{1,12}))?$/;

/** The models a replace writes: announced on the change feed after the commit (cached pages drop). */
const WRITTEN = [
  "ecommerce/attributes",
  "ecommerce/attribute-keys-to-attributes",
  "ecommerce/attributes-to-billing-module-currencies",
  "ecommerce/products-to-attributes",
  "ecommerce/stores-to-products-to-attributes",
];

interface Currency {
  id: string;
  slug: string;
  decimals: number;
}

interface Plan {
  currencies: Map<string, Currency>;
  /** Per store id: its name and the product's offer there (stores-to-products) that carries its prices. */
  offers: Map<string, { title: string; offerId: string }>;
}

/**
 * A product's prices as plain money (docs/shop.md "Prices"): behind them stay the catalogue's price
 * attributes, written exactly as prices.ts reads them — an attribute with the amount in `number`,
 * linked to a key of type price and to its currency, and to the product (products-to-attributes)
 * or, for a store's override, to the product's offer in that store (stores-to-products-to-attributes).
 */
export class ProductPrices {
  private readonly table: (id: string) => string;
  private readonly db: ModelQueries;
  private readonly prices: Prices;
  private readonly published: Prices;

  constructor(
    private readonly database: Database,
    private readonly repositories: Map<string, Repository>,
    private readonly registry: Registry,
    /** Under DRAFTS=off a replace is published at once, removals included (docs/drafts.md). */
    private readonly publisher?: Publisher,
  ) {
    this.table = (id) => registry.get(id).table;
    this.db = modelQueries(database.db, registry);
    this.prices = new Prices(registry, "working");
    this.published = new Prices(registry);
  }

  /**
   * The product's prices: its working copy's for an editor (what `replace` writes), the published
   * ones as the cart and checkout charge them for everyone else; an unknown product is a 404, and
   * for everyone else so is one not on the site (never published, or taken off: its price rows may
   * outlive its published copy, but it is not for sale).
   */
  async read(productId: string, copies: "working" | "published"): Promise<ProductPrice[]> {
    const products = this.repositories.get("ecommerce/products")!;
    if (copies === "working") await products.get(productId);
    else {
      const listed = await this.db
        .selectFrom(visitorProducts(products.model))
        .select("id")
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!listed) throw notFound(`${products.model.title} ${productId} was not found`);
    }
    return (copies === "working" ? this.prices : this.published).ofProduct(this.db, productId);
  }

  /**
   * Replaces all the product's price attributes (its own and its stores' overrides) by `entries`,
   * in one transaction: every entry is checked before anything is written, and a failure anywhere
   * leaves the old prices as they were.
   */
  async replace(productId: string, entries: PriceInput[]): Promise<ProductPrice[]> {
    await runTransaction(this.database, this.repositories, (repository, trx) =>
      this.replaceWithin(repository, trx, productId, entries),
    );
    this.announce();
    return this.prices.ofProduct(this.db, productId);
  }

  /**
   * The replace inside a transaction the caller holds (the product editor's save, which writes the
   * product's other rows in the same transaction); the caller calls `announce` after its commit.
   */
  async replaceWithin(
    repository: RepositoryLookup,
    trx: ModelQueries,
    productId: string,
    entries: PriceInput[],
  ): Promise<void> {
    // Locked: two replaces of one product's prices run one after the other.
    const product = await trx
      .selectFrom("ecommerce/products")
      .select(["id", "adminTitle"])
      .where("id", "=", productId)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw notFound(`Product ${productId} was not found`);
    const plan = await this.check(trx, productId, entries);
    await removeKeyedAttributes(trx, this.table, productId, "price", true);
    await this.write(repository, trx, { id: productId, title: String(product.adminTitle ?? productId) }, entries, plan);
    if (this.publisher && !this.publisher.drafts)
      await this.publisher.publishTreeIn(trx, this.registry.get("ecommerce/products"), productId);
  }

  /**
   * After the commit: the deletes ran as plain statements, so say so, as the repositories said of
   * their inserts (and DRAFTS=off published them, as the repositories' hook published the inserts).
   */
  announce() {
    for (const model of WRITTEN) this.repositories.get(model)!.changes.publish(model);
  }

  /** Every refusal of the entries at once, each naming its field as `prices[i].field`. */
  private async check(trx: ModelQueries, productId: string, entries: PriceInput[]): Promise<Plan> {
    const causes: ErrorCause[] = [];
    const refuse = (i: number, field: string, message: string) =>
      causes.push({ path: `prices[${i}].${field}`, message });
    const ids = (pick: (e: PriceInput) => string | null | undefined) => [
      ...new Set(entries.map(pick).filter((id): id is string => !!id)),
    ];
    const currencyIds = ids((e) => e.currencyId);
    const storeIds = ids((e) => e.storeId);
    const currencies = new Map<string, Currency>();
    if (currencyIds.length) {
      const rows = await currenciesByIds(trx, currencyIds);
      for (const r of rows) currencies.set(r.id, { id: r.id, slug: r.slug, decimals: Number(r.decimals) });
    }
    const stores = new Map<string, string>();
    const offers = new Map<string, { title: string; offerId: string }>();
    if (storeIds.length) {
      const rows = await trx
        .selectFrom("ecommerce/stores")
        .select(["id", "adminTitle"])
        .where("id", "in", storeIds)
        .execute();
      for (const r of rows) stores.set(r.id, String(r.adminTitle ?? r.id));
      const offered = await trx
        .selectFrom("ecommerce/stores-to-products")
        .select(["id", "storeId"])
        .where("productId", "=", productId)
        .where("storeId", "in", storeIds)
        .orderBy("orderIndex")
        .orderBy("createdAt")
        .execute();
      for (const r of offered)
        if (!offers.has(r.storeId)) offers.set(r.storeId, { title: stores.get(r.storeId)!, offerId: r.id });
    }
    const seen = new Map<string, number>();
    entries.forEach((entry, i) => {
      const currency = currencies.get(entry.currencyId);
      if (!currency) refuse(i, "currencyId", "is not a currency (billing/currencies)");
      if (entry.storeId && !stores.has(entry.storeId)) refuse(i, "storeId", "is not a store (ecommerce/stores)");
      else if (entry.storeId && !offers.has(entry.storeId))
        refuse(
          i,
          "storeId",
          `the product is not offered by store ${stores.get(entry.storeId)}: add it to the store first (stores-to-products)`,
        );
      const match = AMOUNT.exec(entry.amount);
      if (!match) refuse(i, "amount", 'must be a decimal string ≥ 0 such as "12.50"');
      else if (currency && (match[1]?.length ?? 0) > currency.decimals)
        refuse(i, "amount", `has more than ${currency.decimals} decimals, the precision of ${currency.slug}`);
      const pair = `${entry.currencyId} ${entry.storeId ?? ""}`;
      const first = seen.get(pair);
      if (first !== undefined) refuse(i, "currencyId", `repeats prices[${first}]: one price per currency and store`);
      else seen.set(pair, i);
    });
    if (causes.length) throw validationErrorFromCauses(causes);
    return { currencies, offers };
  }

  /** The new attributes and their links, through the repositories (checked as any write is). */
  private async write(
    repository: RepositoryLookup,
    trx: ModelQueries,
    product: { id: string; title: string },
    entries: PriceInput[],
    plan: Plan,
  ) {
    if (entries.length === 0) return;
    const keyId = await this.priceKey(repository, trx);
    const rows = entries.map((entry, orderIndex) => {
      const currency = plan.currencies.get(entry.currencyId)!;
      const offer = entry.storeId ? plan.offers.get(entry.storeId) : undefined;
      const adminTitle = `${product.title} — price ${currency.slug.toUpperCase()}${offer ? `, ${offer.title}` : ""}`;
      return { attributeId: randomUUID(), entry, offer, orderIndex, adminTitle };
    });
    await repository("ecommerce/attributes").bulkCreate(
      rows.map((r) => ({ id: r.attributeId, adminTitle: r.adminTitle, number: r.entry.amount, string: {} })),
    );
    await repository("ecommerce/attribute-keys-to-attributes").bulkCreate(
      rows.map((r) => ({ attributeKeyId: keyId, attributeId: r.attributeId })),
    );
    await repository("ecommerce/attributes-to-billing-module-currencies").bulkCreate(
      rows.map((r) => ({ attributeId: r.attributeId, billingModuleCurrencyId: r.entry.currencyId })),
    );
    const own = rows.filter((r) => !r.offer);
    const stores = rows.filter((r) => r.offer);
    if (own.length)
      await repository("ecommerce/products-to-attributes").bulkCreate(
        own.map((r) => ({ productId: product.id, attributeId: r.attributeId, orderIndex: r.orderIndex })),
      );
    if (stores.length)
      await repository("ecommerce/stores-to-products-to-attributes").bulkCreate(
        stores.map((r) => ({
          storesToProductsId: r.offer!.offerId,
          attributeId: r.attributeId,
          orderIndex: r.orderIndex,
        })),
      );
  }

  /** The key the new prices are written under: the oldest key of type price, or a new "Price" key when there is none. */
  private async priceKey(repository: RepositoryLookup, trx: ModelQueries): Promise<string> {
    const key = await trx
      .selectFrom("ecommerce/attribute-keys")
      .select("id")
      .where("type", "=", "price")
      .orderBy("createdAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (key) return key.id;
    const created = await repository("ecommerce/attribute-keys").create({
      adminTitle: "Price",
      title: { en: "Price", ru: "Цена" },
      type: "price",
      field: "number",
    });
    return created.id as string;
  }
}

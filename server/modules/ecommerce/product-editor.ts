import type { FastifyInstance } from "fastify";
import { validationErrorFromCauses, type ErrorCause } from "../../../engine/errors.js";
import { joinTrees, type Tree } from "../../../engine/query/draft-tree.js";
import { runTransaction, type RepositoryLookup } from "../../../engine/query/transaction.js";
import { decidedAhead, permittedTree, type MayPublish } from "../../drafts/tree-permissions.js";
import { KEYED_ATTRIBUTE_MODELS, removeKeyedAttributes } from "./keyed-attributes.js";
import type { ProductPrices } from "./product-prices.js";
import type { EditorInput, LanguageMap } from "../../../common/admin/product-editor.js";
import type { AnyModelDb } from "../../../engine/query/any-model-db.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import { announceFileChanges, fileIdsAmong, updateFileAlts } from "../file-storage/index.js";

/** What the editor saves: the wire contract in common/admin/product-editor.ts, shared with its screens. */
export type { EditorInput, LanguageMap };

const PRODUCTS = "ecommerce/products";
const OFFERS = "ecommerce/stores-to-products";
const CATEGORIES = "ecommerce/categories-to-products";
const PHOTOS = "ecommerce/products-to-file-storage-module-files";

/** The models one save may write, announced after the commit (what their cached pages show drops); the files' alt texts too (announceFileChanges). */
const WRITTEN = [PRODUCTS, OFFERS, CATEGORIES, PHOTOS, "ecommerce/attribute-keys", ...KEYED_ATTRIBUTE_MODELS];

/** The first non-empty text of a language map (English first): a name the admin shows. */
export const firstText = (map: LanguageMap | undefined) =>
  map
    ? map.en?.trim() ||
      Object.values(map)
        .find((v) => v.trim())
        ?.trim() ||
      ""
    : "";

/**
 * The product editor's save (docs/shop.md "Product editor"): the product's
 * fields, its prices, photos (order and alt text), stores, categories and name/value attributes,
 * written as the catalogue's records and relation rows in ONE transaction — every reference is checked
 * before anything is written, and any refusal leaves nothing half written. With drafts on the save
 * is the working copy (the product's publish takes it to the site); with DRAFTS=off what it wrote
 * and what it removed is published in the same transaction.
 */
export class ProductEditor {
  constructor(
    private readonly app: FastifyInstance,
    private readonly prices: ProductPrices,
  ) {}

  private table = (id: string) => this.app.registry.get(id).table;

  /** Saves the editor's form: updates the product `id`, or creates one when `id` is undefined; answers its id. `subjectId`: who saved (its version's author). */
  async save(id: string | undefined, input: EditorInput, subjectId: string | null): Promise<string> {
    const model = this.app.registry.get(PRODUCTS);
    const versions = this.app.drafts.versions;
    const productId = await runTransaction(this.app.database, this.app.repositories, async (repository, trx) => {
      await this.check(trx, input);
      // As a generic save: a product with no version yet gets its state before this save as one.
      if (id && versions) await versions.beforeSave(trx, model, [id]);
      const fields = {
        ...input.product,
        adminTitle: input.product.adminTitle?.trim() || firstText(input.product.title) || "Product",
      };
      if (fields.slug === undefined || fields.slug.trim() === "") delete fields.slug;
      const product = id ? await repository(PRODUCTS).update(id, fields) : await repository(PRODUCTS).create(fields);
      const productId = String(product.id);
      const dropOffers = await this.offers(repository, trx, productId, input.stores);
      await this.prices.replaceWithin(repository, trx, productId, input.prices);
      for (const offerId of dropOffers) await this.remove(repository, trx, OFFERS, offerId);
      await this.syncLinks(repository, trx, CATEGORIES, productId, "categoryId", input.categoryIds);
      await this.syncLinks(
        repository,
        trx,
        PHOTOS,
        productId,
        "fileStorageModuleFileId",
        input.photos.map((p) => p.fileId),
      );
      await this.alts(repository, trx, input.photos);
      await this.attributes(repository, trx, productId, input.attributes);
      // One version of the product with its tree for the whole save (a publish with DRAFTS=off).
      await versions?.record(trx, model, [productId], this.app.drafts.drafts ? "save" : "publish", subjectId);
      return productId;
    });
    for (const model of WRITTEN) this.app.repositories.get(model)!.changes.publish(model);
    announceFileChanges(this.app.repositories);
    this.prices.announce();
    return productId;
  }

  /**
   * Publishes what the editor edits, in one transaction: the product's tree (its prices, photos,
   * features, its offers in stores with their stock and price overrides) and its category links,
   * which a category's tree holds rather than the product's — removals included. The generic
   * POST …/products/{id}/publish leaves those links to the category's publish. As that route, only
   * the records `may` allows are published (docs/drafts.md, Publishing a tree): it answers the rest
   * that differ from their published copies, which stay as they are.
   */
  async publish(id: string, subjectId: string | null, may?: MayPublish): Promise<Tree> {
    const links = this.app.registry.get(CATEGORIES);
    let withheldLinks: Tree = new Map();
    // The working and the published links (the publisher's transaction is untyped: typed here).
    const linksIn = async (db: AnyModelDb): Promise<Tree> => {
      const typed = modelQueries(db, this.app.registry);
      const rows = await Promise.all(
        ([CATEGORIES, `${CATEGORIES}@published`] as const).map((table) =>
          typed.selectFrom(table).select("id").where("productId", "=", id).execute(),
        ),
      );
      return new Map([[CATEGORIES, new Set(rows.flat().map((r) => r.id))]]);
    };
    // Asked before the transaction opens, as publishTreeAs asks of the tree (tree-permissions.ts).
    const decided = may && (await decidedAhead(await linksIn(this.app.database.db), may));
    // The generic publish (one transaction, its version recorded), taking the category links along:
    // working and published ones, so a removed link leaves the site too.
    const { withheld } = await this.app.drafts.publishTreeAs(
      this.app.registry.get(PRODUCTS),
      id,
      subjectId,
      may,
      async (trx) => {
        const all = await linksIn(trx);
        const cut = decided
          ? await permittedTree(trx, this.app.registry, all, decided)
          : { permitted: all, withheld: withheldLinks };
        withheldLinks = cut.withheld;
        await this.app.drafts.publishSaved(trx, links, [...(cut.permitted.get(CATEGORIES) ?? [])]);
        return [CATEGORIES];
      },
    );
    return joinTrees(withheld, withheldLinks);
  }

  /** Every reference and repeat refused at once, before anything is written, each naming its field. */
  private async check(trx: ModelQueries, input: EditorInput) {
    const causes: ErrorCause[] = [];
    const known = async (model: "ecommerce/stores" | "ecommerce/categories", ids: string[]) => {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Set<string>();
      return new Set((await trx.selectFrom(model).select("id").where("id", "in", unique).execute()).map((r) => r.id));
    };
    const each = <T>(
      list: T[],
      path: (i: number) => string,
      idOf: (item: T) => string,
      found: Set<string>,
      what: string,
    ) => {
      const seen = new Map<string, number>();
      list.forEach((item, i) => {
        const id = idOf(item);
        if (!found.has(id)) causes.push({ path: path(i), message: `is not ${what}` });
        else if (seen.has(id)) causes.push({ path: path(i), message: `repeats ${path(seen.get(id)!)}` });
        else seen.set(id, i);
      });
    };
    each(
      input.stores,
      (i) => `stores[${i}].storeId`,
      (s) => s.storeId,
      await known(
        "ecommerce/stores",
        input.stores.map((s) => s.storeId),
      ),
      "a store (ecommerce/stores)",
    );
    each(
      input.categoryIds,
      (i) => `categoryIds[${i}]`,
      (c) => c,
      await known("ecommerce/categories", input.categoryIds),
      "a category (ecommerce/categories)",
    );
    each(
      input.photos,
      (i) => `photos[${i}].fileId`,
      (p) => p.fileId,
      await fileIdsAmong(trx, [...new Set(input.photos.map((p) => p.fileId))]),
      "a file (file-storage/files)",
    );
    // A store's price needs the store among the product's stores (its offer carries the price).
    const stores = new Set(input.stores.map((s) => s.storeId));
    input.prices.forEach((p, i) => {
      if (p.storeId && !stores.has(p.storeId))
        causes.push({
          path: `prices[${i}].storeId`,
          message: "is not one of the product's stores: add the store first",
        });
    });
    input.attributes.forEach((a, i) => {
      if (!firstText(a.name)) causes.push({ path: `attributes[${i}].name`, message: "is required" });
      if (!firstText(a.value)) causes.push({ path: `attributes[${i}].value`, message: "is required" });
    });
    if (causes.length) throw validationErrorFromCauses(causes);
  }

  /** The product's offers made to match `stores` (added, their counts set); answers the offers to remove once the prices are replaced. */
  private async offers(
    repository: RepositoryLookup,
    trx: ModelQueries,
    productId: string,
    stores: EditorInput["stores"],
  ): Promise<string[]> {
    const existing = await trx
      .selectFrom(OFFERS)
      .select(["id", "storeId", "stock"])
      .where("productId", "=", productId)
      .orderBy("orderIndex")
      .orderBy("createdAt")
      .execute();
    const byStore = new Map<string, { id: string; stock: number | null }>();
    const extra: string[] = [];
    for (const row of existing) {
      if (byStore.has(row.storeId)) extra.push(row.id);
      else byStore.set(row.storeId, { id: row.id, stock: row.stock ?? null });
    }
    const wanted = new Set(stores.map((s) => s.storeId));
    for (const [index, store] of stores.entries()) {
      const offer = byStore.get(store.storeId);
      const stock = store.stock ?? null;
      if (!offer) await repository(OFFERS).create({ storeId: store.storeId, productId, stock, orderIndex: index });
      else if (offer.stock !== stock) await repository(OFFERS).update(offer.id, { stock });
    }
    return [...[...byStore].filter(([storeId]) => !wanted.has(storeId)).map(([, offer]) => offer.id), ...extra];
  }

  /** A relation row's removal as the generic DELETE does it: with DRAFTS=off its published copy goes too. */
  private async remove(repository: RepositoryLookup, trx: ModelQueries, model: string, id: string) {
    await repository(model).delete(id);
    await this.app.drafts.afterDelete(trx, this.app.registry.get(model), id, !this.app.drafts.drafts);
  }

  /** Link rows from the product to `ids` (in order: orderIndex = position): kept, re-ordered, added or removed. */
  // Generic over the link models it syncs (photos, categories), so their names and columns are strings here.
  private async syncLinks(
    repository: RepositoryLookup,
    trx: AnyModelDb,
    model: string,
    productId: string,
    column: string,
    ids: string[],
  ) {
    const rows = await trx
      .selectFrom(this.table(model))
      .select(["id", column, "orderIndex"])
      .where("productId", "=", productId)
      .orderBy("orderIndex")
      .orderBy("createdAt")
      .execute();
    const kept = new Map<string, { id: string; orderIndex: number }>();
    for (const row of rows) {
      if (!ids.includes(row[column]) || kept.has(row[column])) await this.remove(repository, trx, model, row.id);
      else kept.set(row[column], { id: row.id, orderIndex: Number(row.orderIndex) });
    }
    for (const [orderIndex, target] of ids.entries()) {
      const link = kept.get(target);
      if (!link) await repository(model).create({ productId, [column]: target, orderIndex });
      else if (link.orderIndex !== orderIndex) await repository(model).update(link.id, { orderIndex });
    }
  }

  /** Alt texts given with the photos, written onto the files (a file's alt serves every page showing it). */
  private async alts(repository: RepositoryLookup, trx: ModelQueries, photos: EditorInput["photos"]) {
    // Empty inputs are left out: "no text" stays no text rather than "". File-storage writes only the alts that differ.
    const alts = photos
      .filter((p) => p.alt)
      .map((p) => ({
        fileId: p.fileId,
        alt: Object.fromEntries(Object.entries(p.alt!).filter(([, v]) => v.trim() !== "")),
      }));
    await updateFileAlts(repository, trx, alts);
  }

  /**
   * The name/value rows replace the product's feature attributes: each row's key is the feature
   * key of that name (English, else the first text) when there is one — shared with other
   * products, as the site groups by it — else a new one; its value is a new attribute.
   */
  private async attributes(
    repository: RepositoryLookup,
    trx: ModelQueries,
    productId: string,
    rows: EditorInput["attributes"],
  ) {
    const removed = await removeKeyedAttributes(trx, this.table, productId, "feature", false);
    if (!this.app.drafts.drafts)
      for (const [model, ids] of removed) await this.app.drafts.publishSaved(trx, this.app.registry.get(model), ids);
    if (rows.length === 0) return;
    const keys = await trx
      .selectFrom("ecommerce/attribute-keys")
      .select(["id", "title", "adminTitle"])
      .where("type", "=", "feature")
      .where("field", "=", "string")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    const byName = new Map<string, string>();
    for (const key of keys) {
      const name = (firstText(key.title as LanguageMap) || String(key.adminTitle ?? "")).toLowerCase();
      if (name && !byName.has(name)) byName.set(name, key.id as string);
    }
    for (const [orderIndex, row] of rows.entries()) {
      const name = firstText(row.name);
      let keyId = byName.get(name.toLowerCase());
      if (!keyId) {
        keyId = String(
          (
            await repository("ecommerce/attribute-keys").create({
              adminTitle: name,
              title: row.name,
              type: "feature",
              field: "string",
              prefix: {},
              suffix: {},
            })
          ).id,
        );
        byName.set(name.toLowerCase(), keyId);
      }
      const attribute = await repository("ecommerce/attributes").create({
        adminTitle: `${name}: ${firstText(row.value)}`.slice(0, 500),
        string: row.value,
      });
      await repository("ecommerce/attribute-keys-to-attributes").create({
        attributeKeyId: keyId,
        attributeId: attribute.id,
      });
      await repository("ecommerce/products-to-attributes").create({ productId, attributeId: attribute.id, orderIndex });
    }
  }
}

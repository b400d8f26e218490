import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type {
  EditorChoices,
  EditorDocument as EditorDocumentOf,
  EditorListRow as EditorListRowOf,
  EditorPhoto,
  LanguageMap,
} from "../../../common/admin/product-editor.js";
import { Prices } from "./prices.js";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import { currencyChoices, currencyRows } from "../billing/index.js";
import { fileRows } from "../file-storage/index.js";

/** The editor's answers (common/admin/product-editor.ts) as built here: publication times are Dates until JSON writes them. */
export type EditorDocument = EditorDocumentOf<Date>;
export type EditorListRow = EditorListRowOf<Date>;
export type { EditorChoices, EditorPhoto };

/** How many stores or categories the pickers list at most. */
const CHOICES_MAX = 500;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The product editor's reads, all from the working copies (an editor sees what it saved, drafts
 * included, with each product's publication state). A page of the table is a fixed number of
 * queries whatever its size: the page with its total, the main photos, the prices, the states.
 */
export class ProductEditorReads {
  private readonly prices: Prices;

  constructor(private readonly app: FastifyInstance) {
    this.prices = new Prices(app.registry, "working");
  }

  private table = (id: string) => sql.table(this.app.registry.get(id).table);
  private get db(): ModelQueries {
    return modelQueries(this.app.database.db, this.app.registry);
  }

  async document(id: string): Promise<EditorDocument> {
    const model = this.app.registry.get("ecommerce/products");
    const product = (await this.app.repositories.get(model.id)!.get(id)) as Record<string, unknown> & {
      id: string;
      updatedAt: unknown;
    };
    const t = (m: string) => this.table(m);
    const [states, prices, photos, stores, categories, attributes] = await Promise.all([
      this.app.drafts.states(model, [product]),
      this.prices.ofProduct(this.db, id),
      sql<EditorPhoto>`SELECT f."id" AS "fileId", f."adminTitle", f."file", f."mimeType", f."extension", f."width", f."height", f."alt"
        FROM ${t("ecommerce/products-to-file-storage-module-files")} x JOIN ${fileRows(this.db)} f ON f."id" = x."fileStorageModuleFileId"
        WHERE x."productId" = ${id} ORDER BY x."orderIndex", x."createdAt"`.execute(this.db),
      sql<{
        storeId: string;
        stock: number | null;
      }>`SELECT "storeId", "stock" FROM ${t("ecommerce/stores-to-products")} WHERE "productId" = ${id} ORDER BY "orderIndex", "createdAt"`.execute(
        this.db,
      ),
      sql<{
        categoryId: string;
      }>`SELECT "categoryId" FROM ${t("ecommerce/categories-to-products")} WHERE "productId" = ${id} ORDER BY "orderIndex", "createdAt"`.execute(
        this.db,
      ),
      sql<{ name: LanguageMap; value: LanguageMap }>`SELECT k."title" AS "name", a."string" AS "value"
        FROM ${t("ecommerce/products-to-attributes")} x JOIN ${t("ecommerce/attributes")} a ON a."id" = x."attributeId"
        JOIN ${t("ecommerce/attribute-keys-to-attributes")} kl ON kl."attributeId" = a."id"
        JOIN ${t("ecommerce/attribute-keys")} k ON k."id" = kl."attributeKeyId" AND k."type" = 'feature'
        WHERE x."productId" = ${id} ORDER BY x."orderIndex", x."createdAt"`.execute(this.db),
    ]);
    const seenStores = new Set<string>();
    return {
      // The row has the model's fields (schemas/ecommerce/products), read untyped by the repository.
      product: { ...product, publication: states.get(id)! } as unknown as EditorDocument["product"],
      prices,
      photos: photos.rows.map((p) => ({ ...p, alt: p.alt ?? {} })),
      // One offer per store as the editor keeps them (an older duplicate row shows once).
      stores: stores.rows
        .filter((s) => !seenStores.has(s.storeId) && seenStores.add(s.storeId))
        .map((s) => ({ storeId: s.storeId, stock: s.stock ?? null })),
      categoryIds: [...new Set(categories.rows.map((c) => c.categoryId))],
      attributes: attributes.rows.map((a) => ({ name: a.name ?? {}, value: a.value ?? {} })),
    };
  }

  /** A page of products, newest first, narrowed by a search of their titles. */
  async list(search: string, limit: number, offset: number): Promise<{ rows: EditorListRow[]; total: number }> {
    const t = (m: string) => this.table(m);
    const like = `%${escapeLike(search)}%`;
    const where = search
      ? sql`WHERE p."adminTitle" ILIKE ${like} OR CAST(p."title" AS text) ILIKE ${like} OR p."slug" ILIKE ${like}`
      : sql``;
    const page = await sql<{
      id: string;
      adminTitle: string;
      title: LanguageMap;
      stock: number | null;
      updatedAt: unknown;
      total: string;
    }>`
      SELECT p."id", p."adminTitle", p."title", p."stock", p."updatedAt", count(*) OVER () AS "total"
      FROM ${t("ecommerce/products")} p ${where}
      ORDER BY p."createdAt" DESC, p."id" LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    const ids = page.rows.map((r) => r.id);
    if (ids.length === 0) return { rows: [], total: search || offset === 0 ? 0 : await this.count() };
    const [photos, prices, states] = await Promise.all([
      sql<
        EditorPhoto & { productId: string }
      >`SELECT DISTINCT ON (x."productId") x."productId", f."adminTitle", f."file", f."mimeType", f."extension", f."width", f."height", f."alt"
        FROM ${t("ecommerce/products-to-file-storage-module-files")} x JOIN ${fileRows(this.db)} f ON f."id" = x."fileStorageModuleFileId"
        WHERE x."productId" IN (${sql.join(ids)}) ORDER BY x."productId", x."orderIndex", x."createdAt"`.execute(
        this.db,
      ),
      this.ownPrices(ids),
      this.app.drafts.states(this.app.registry.get("ecommerce/products"), page.rows),
    ]);
    const photoOf = new Map(
      photos.rows.map(({ productId, ...photo }) => [productId, { ...photo, alt: photo.alt ?? {} }]),
    );
    return {
      total: Number(page.rows[0]!.total),
      rows: page.rows.map((r) => ({
        id: r.id,
        adminTitle: r.adminTitle,
        title: r.title ?? {},
        stock: r.stock ?? null,
        photo: (photoOf.get(r.id) as EditorListRow["photo"]) ?? null,
        prices: prices.get(r.id) ?? [],
        publication: states.get(r.id)!,
      })),
    };
  }

  /** The pickers' options, each list by name. */
  async choices(): Promise<EditorChoices> {
    const t = (m: string) => this.table(m);
    const [currencies, stores, categories] = await Promise.all([
      currencyChoices(this.db, CHOICES_MAX),
      sql<
        EditorChoices["stores"][number]
      >`SELECT "id", "adminTitle", "title" FROM ${t("ecommerce/stores")} ORDER BY "adminTitle", "id" LIMIT ${CHOICES_MAX}`.execute(
        this.db,
      ),
      sql<
        EditorChoices["categories"][number]
      >`SELECT "id", "adminTitle", "title" FROM ${t("ecommerce/categories")} ORDER BY "adminTitle", "id" LIMIT ${CHOICES_MAX}`.execute(
        this.db,
      ),
    ]);
    return {
      currencies: currencies.map((c) => ({ ...c, decimals: Number(c.decimals), title: c.title ?? {} })),
      stores: stores.rows.map((s) => ({ ...s, title: s.title ?? {} })),
      categories: categories.rows.map((c) => ({ ...c, title: c.title ?? {} })),
    };
  }

  private async count(): Promise<number> {
    const row = await this.db
      .selectFrom("ecommerce/products")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Each product's own prices (no store's), as the working copies hold them: one query for the page. */
  private async ownPrices(ids: string[]): Promise<Map<string, EditorListRow["prices"]>> {
    const t = (m: string) => this.table(m);
    // DISTINCT ON: the builder cannot say it; billing's currencies join as its subquery (billing-reads.ts).
    const { rows } = await sql<{ productId: string; amount: string; code: string; symbol: string | null }>`
      SELECT DISTINCT ON (x."productId", c."slug") x."productId", a."number"::text AS "amount", upper(c."slug") AS "code", c."symbol"
      FROM ${t("ecommerce/products-to-attributes")} x JOIN ${t("ecommerce/attributes")} a ON a."id" = x."attributeId"
      JOIN ${t("ecommerce/attribute-keys-to-attributes")} kl ON kl."attributeId" = a."id"
      JOIN ${t("ecommerce/attribute-keys")} k ON k."id" = kl."attributeKeyId" AND k."type" = 'price'
      JOIN ${t("ecommerce/attributes-to-billing-module-currencies")} cl ON cl."attributeId" = a."id"
      JOIN ${currencyRows(this.db)} c ON c."id" = cl."billingModuleCurrencyId"
      WHERE x."productId" IN (${sql.join(ids)}) AND a."number" IS NOT NULL
      ORDER BY x."productId", c."slug", x."orderIndex", a."createdAt"`.execute(this.db);
    const byProduct = new Map<string, EditorListRow["prices"]>();
    for (const { productId, ...price } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), price]);
    return byProduct;
  }
}

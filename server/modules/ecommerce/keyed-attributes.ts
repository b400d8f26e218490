import { sql } from "kysely";
import type { ModelQueries } from "../../../engine/query/model-tables.js";

/** The models a removal writes: announced on the change feed by the caller after its commit. */
export const KEYED_ATTRIBUTE_MODELS = [
  "ecommerce/attributes",
  "ecommerce/attribute-keys-to-attributes",
  "ecommerce/attributes-to-billing-module-currencies",
  "ecommerce/products-to-attributes",
  "ecommerce/stores-to-products-to-attributes",
];

/**
 * Deletes a product's attributes whose key has this type (price, feature), in the caller's
 * transaction: the link rows to the product (and, with `offers`, to its offers in stores), then
 * each attribute no other record links to, with its key and currency link rows. An attribute
 * another product or store also uses keeps existing for them; the keys themselves stay (shared).
 * Working copies only: the caller publishes the removals (DRAFTS=off) or a publish of the tree does.
 */
export async function removeKeyedAttributes(
  trx: ModelQueries,
  table: (model: string) => string,
  productId: string,
  type: "price" | "feature",
  offers: boolean,
): Promise<Removed> {
  const removed: Removed = new Map();
  const note = (model: string, ids: string[]) =>
    ids.length && removed.set(model, [...(removed.get(model) ?? []), ...ids]);
  const t = (id: string) => sql.table(table(id));
  const keyed = sql`EXISTS (SELECT 1 FROM ${t("ecommerce/attribute-keys-to-attributes")} kl JOIN ${t("ecommerce/attribute-keys")} k ON k."id" = kl."attributeKeyId" AND k."type" = ${type} WHERE kl."attributeId" = x."attributeId")`;
  type Link = { id: string; attributeId: string };
  const own =
    await sql<Link>`DELETE FROM ${t("ecommerce/products-to-attributes")} x WHERE x."productId" = ${productId} AND ${keyed} RETURNING x."id", x."attributeId"`.execute(
      trx,
    );
  note(
    "ecommerce/products-to-attributes",
    own.rows.map((r) => r.id),
  );
  const stored = offers
    ? (
        await sql<Link>`DELETE FROM ${t("ecommerce/stores-to-products-to-attributes")} x WHERE x."storesToProductsId" IN (SELECT "id" FROM ${t("ecommerce/stores-to-products")} WHERE "productId" = ${productId}) AND ${keyed} RETURNING x."id", x."attributeId"`.execute(
          trx,
        )
      ).rows
    : [];
  note(
    "ecommerce/stores-to-products-to-attributes",
    stored.map((r) => r.id),
  );
  const old = [...new Set([...own.rows, ...stored].map((r) => r.attributeId))];
  if (old.length === 0) return removed;
  const linked = (model: string) =>
    sql`SELECT "attributeId" FROM ${t(model)} WHERE "attributeId" IN (${sql.join(old)})`;
  const { rows } = await sql<{ id: string }>`
    SELECT "id" FROM ${t("ecommerce/attributes")} WHERE "id" IN (${sql.join(old)})
    AND "id" NOT IN (${linked("ecommerce/products-to-attributes")} UNION ${linked("ecommerce/stores-to-products-to-attributes")} UNION ${linked("ecommerce/stores-to-attributes")})
  `.execute(trx);
  const orphans = rows.map((r) => r.id);
  if (orphans.length === 0) return removed;
  for (const model of [
    "ecommerce/attribute-keys-to-attributes",
    "ecommerce/attributes-to-billing-module-currencies",
  ] as const) {
    const gone = await trx.deleteFrom(model).where("attributeId", "in", orphans).returning("id").execute();
    note(
      model,
      gone.map((r) => r.id),
    );
  }
  note("ecommerce/attributes", orphans);
  await trx.deleteFrom("ecommerce/attributes").where("id", "in", orphans).execute();
  return removed;
}

/** Model id → ids of the rows a removal deleted: what DRAFTS=off takes off the site in the same transaction. */
export type Removed = Map<string, string[]>;

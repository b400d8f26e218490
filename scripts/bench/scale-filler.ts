import { sql } from "kysely";
import type { Database } from "../../engine/db/open-database.js";

// The catalogue bench:scale measures: products numbered 1…N with a title, a short description, a
// price in US dollars and one of CATEGORIES categories, written by PostgreSQL itself
// (INSERT … SELECT generate_series) in chunks, ids derived from the number so the rows of one
// product can be linked without reading anything back.

export const CATEGORIES = 100;
const CHUNK = 50_000;
const ADJECTIVES = ["Blue", "Green", "Quiet", "Bold", "Small", "Large", "Warm", "Cool", "Plain", "Bright"];
const NOUNS = ["mug", "lamp", "chair", "table", "shelf", "vase", "clock", "rug", "bowl", "desk", "stool", "frame"];

/** The searchable number in product i's title: "Blue mug 0000424", zero-padded to `width` so it is in one title only. */
export const productNumber = (i: number, width: number) => String(i).padStart(width, "0");

const id = (kind: string, i: unknown) => sql`md5(${kind} || ${i})::uuid`;

/** Writes products from+1 … to (and their prices and category links), numbers `width` digits wide; returns the category ids in order. */
export async function fillCatalogue(
  database: Database,
  from: number,
  to: number,
  width: number,
  progress?: (done: number) => void,
): Promise<string[]> {
  const db = database.db;
  if (from === 0) {
    // Once: the currency (the demo has US dollars), the price key and the categories.
    await sql`INSERT INTO ecommerce_categories (id, "adminTitle", slug, title)
      SELECT ${id("c", sql`c`)}, 'Category ' || c, 'bench-category-' || c, jsonb_build_object('en', 'Category ' || c, 'ru', 'Категория ' || c)
      FROM generate_series(0, ${CATEGORIES - 1}::int) AS c`.execute(db);
  }
  const { rows: keys } = await sql<{
    id: string;
  }>`SELECT id FROM ecommerce_attribute_keys WHERE type = 'price' ORDER BY "createdAt" LIMIT 1`.execute(db);
  const { rows: currencies } = await sql<{ id: string }>`SELECT id FROM billing_currencies WHERE slug = 'usd'`.execute(
    db,
  );
  if (!keys[0] || !currencies[0]) throw new Error("the demo content's price key and US dollar are missing");
  const [key, usd] = [keys[0].id, currencies[0].id];
  const adjectives = sql.lit(`{${ADJECTIVES.join(",")}}`);
  const nouns = sql.lit(`{${NOUNS.join(",")}}`);

  for (let start = from + 1; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    const range = sql`generate_series(${start}::int, ${end}::int) AS i`;
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO ecommerce_products (id, "createdAt", "updatedAt", "adminTitle", slug, title, "shortDescription")
        SELECT ${id("p", sql`i`)}, ts, ts, name, 'product-' || i, jsonb_build_object('en', name, 'ru', 'Товар ' || lpad(i::text, ${width}, '0')),
               jsonb_build_object('en', 'A ' || lower(name) || ' from the scale benchmark.')
        FROM ${range},
          LATERAL (SELECT timestamptz '2024-01-01' + i * interval '1 second' AS ts,
                          (${adjectives}::text[])[1 + i % ${ADJECTIVES.length}] || ' ' || (${nouns}::text[])[1 + i % ${NOUNS.length}] || ' ' || lpad(i::text, ${width}, '0') AS name) AS t`.execute(
        trx,
      );
      await sql`INSERT INTO ecommerce_attributes (id, number) SELECT ${id("a", sql`i`)}, (5 + (i % 500))::numeric + 0.99 FROM ${range}`.execute(
        trx,
      );
      await sql`INSERT INTO ecommerce_attribute_keys_to_attributes ("attributeKeyId", "attributeId") SELECT ${key}::uuid, ${id("a", sql`i`)} FROM ${range}`.execute(
        trx,
      );
      await sql`INSERT INTO ecommerce_attributes_to_billing_module_currencies ("attributeId", "billingModuleCurrencyId") SELECT ${id("a", sql`i`)}, ${usd}::uuid FROM ${range}`.execute(
        trx,
      );
      await sql`INSERT INTO ecommerce_products_to_attributes ("productId", "attributeId") SELECT ${id("p", sql`i`)}, ${id("a", sql`i`)} FROM ${range}`.execute(
        trx,
      );
      // orderIndex left at 0, as rows added in the admin or by bulk have it: order within a category falls to createdAt.
      await sql`INSERT INTO ecommerce_categories_to_products ("categoryId", "productId") SELECT ${id("c", sql`i % ${CATEGORIES}`)}, ${id("p", sql`i`)} FROM ${range}`.execute(
        trx,
      );
    });
    progress?.(end);
  }
  await publishFilled(database);
  const { rows } = await sql<{
    id: string;
  }>`SELECT ${id("c", sql`c`)}::text AS id FROM generate_series(0, ${CATEGORIES - 1}::int) AS c ORDER BY c`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Visitors read the published copies (docs/drafts.md; DRAFTS is on, as in production): every
 * table with a published twin gets its rows there, as an owner who published the whole catalogue
 * would have them (rows already published are kept).
 */
async function publishFilled(database: Database) {
  const db = database.db;
  const { rows } = await sql<{ base: string }>`
    SELECT left(table_name, -length('__published')) AS base FROM information_schema.tables
    WHERE table_schema = current_schema() AND right(table_name, 11) = '__published'`.execute(db);
  for (const { base } of rows) {
    const { rows: columns } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${base} ORDER BY ordinal_position`.execute(
      db,
    );
    const list = columns.map((c) => `"${c.name}"`).join(", ");
    await sql
      .raw(`INSERT INTO "${base}__published" (${list}) SELECT ${list} FROM "${base}" ON CONFLICT (id) DO NOTHING`)
      .execute(db);
  }
}

// The baseline: what a developer would write by hand for the same four operations on the same
// tables: plain Fastify (default options) and one pg Pool, no validation beyond what SQL needs.
// Same URLs, same `{ data }` responses and same columns as the generated routes. Products have
// drafts (docs/drafts.md): reads answer the published copies with their `publication`, a create
// writes the working copy, never published yet, and keeps its first version (the row as JSON, the
// fields it filled) in the same statement — what a hand-written shop with drafts and version
// history would do, so the create row compares the same work.
import Fastify from "fastify";
import pg from "pg";
import { HAND_WRITTEN_COLUMNS, HAND_WRITTEN_JSON_COLUMNS } from "./hand-written-columns.js";
import { serveForParent } from "./serve-for-parent.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = process.env.BENCH_SCHEMA ?? "bench_crud";
const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path="${schema}"` });

const COLUMNS = HAND_WRITTEN_COLUMNS;
const JSON_COLUMNS = HAND_WRITTEN_JSON_COLUMNS;
const SELECT = COLUMNS.map((c) => `"${c}"`).join(", ");
const PUBLISHED = "ecommerce_products__published";
const SELECT_PUBLISHED = `${SELECT}, "publishedAt"`;
const published = (row: Record<string, unknown>) => {
  const { publishedAt, ...rest } = row;
  return { ...rest, publication: { state: "published", publishedAt, publishAt: null, unpublishAt: null } };
};
// The generated route reads `filters[and][0][value]` through qs; Fastify's default parser keeps the
// bracketed name as one flat key, which is all this handler needs.
const SLUG_KEY = "filters[and][0][value]";

const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>("/api/ecommerce/products/:id", async (request, reply) => {
  const { rows } = await pool.query(`SELECT ${SELECT_PUBLISHED} FROM ${PUBLISHED} WHERE id = $1`, [request.params.id]);
  if (!rows[0]) return reply.status(404).send({ message: "not found" });
  return { data: published(rows[0]) };
});

app.get<{ Querystring: Record<string, string> }>("/api/ecommerce/products", async (request) => {
  const slug = request.query[SLUG_KEY];
  if (slug !== undefined) {
    const { rows } = await pool.query(
      `SELECT ${SELECT_PUBLISHED} FROM ${PUBLISHED} WHERE slug = $1 ORDER BY "createdAt" asc, id asc LIMIT 100`,
      [slug],
    );
    return { data: rows.map(published) };
  }
  const limit = Math.min(Number(request.query.limit ?? 100) || 100, 1000);
  const { rows } = await pool.query(
    `SELECT ${SELECT_PUBLISHED} FROM ${PUBLISHED} ORDER BY "createdAt" asc, id asc LIMIT $1`,
    [limit],
  );
  return { data: rows.map(published) };
});

app.post<{ Body: { data: Record<string, unknown> } }>("/api/ecommerce/products", async (request, reply) => {
  // Only known column names reach the SQL text; values are always parameters.
  const entries = Object.entries(request.body.data).filter(([k]) => COLUMNS.includes(k));
  const names = entries.map(([k]) => `"${k}"`).join(", ");
  const params = entries.map((_, i) => `$${i + 1}`).join(", ");
  const values = entries.map(([k, v]) => (JSON_COLUMNS.has(k) ? JSON.stringify(v) : v));
  const filled = JSON.stringify(entries.filter(([, v]) => v !== null).map(([k]) => k));
  const { rows } = await pool.query(
    `WITH created AS (INSERT INTO ecommerce_products (${names}) VALUES (${params}) RETURNING *),
     version AS (INSERT INTO host_versions ("modelId", "recordId", "number", "kind", "changed", "snapshot")
       SELECT 'ecommerce/products', id, 1, 'save', $${entries.length + 1}::jsonb, jsonb_build_object('record', to_jsonb(created)) FROM created)
     SELECT ${SELECT} FROM created`,
    [...values, filled],
  );
  return reply.status(201).send({
    data: { ...rows[0], publication: { state: "draft", publishedAt: null, publishAt: null, unpublishAt: null } },
  });
});

app.patch<{ Params: { id: string }; Body: { data: { title: unknown } } }>(
  "/api/ecommerce/products/:id",
  async (request, reply) => {
    const { rows } = await pool.query(
      `UPDATE ecommerce_products SET title = $1, "updatedAt" = now() WHERE id = $2 RETURNING ${SELECT}`,
      [JSON.stringify(request.body.data.title), request.params.id],
    );
    if (!rows[0]) return reply.status(404).send({ message: "not found" });
    return { data: rows[0] };
  },
);

await serveForParent(app, () => pool.end());

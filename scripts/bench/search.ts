// `npm run bench:search`: the visitors' search (GET /api/search, docs/search.md) on a blog of
// 1,000 and of 100,000 published articles (en and ru titles and rich-text bodies from a word
// list: scripts/bench/search-filler.ts), on PGlite in this process and on the PostgreSQL server at
// BENCH_DATABASE_URL (databases bench_search_small and bench_search_large, dropped at the end).
// 1. Visitors' queries through app.inject (routing, permission check, the search's statement,
//    snippets, JSON), both blogs in turn sample by sample: median and p95, and 100k / 1k.
// 2. At the large size, each query's search (GET /api/search, as in 1) side by side with a search
//    by ILIKE '%word%' over the same columns, which must read every row to know which match (as
//    planned, and as a sequential scan): ILIKE scan / search. Also the matching rows counted
//    through the full-text index (every match's heap page read), against the same scan.
// 3. Creates through the app with the search's parts of the published table (stored documents,
//    their GIN indexes, the words trigger) present and taken away, alternating rounds in the same
//    process and database: bench:crud's product create (a draft: its working copy, which has no
//    search parts), the same published, and an article published with its 7 KB body.
// Targets: 100k / 1k ≤ 2 per query; ILIKE scan / search ≥ 10; create with / without ≤ 1.10.
// BENCH_DATABASE=pglite or server runs one; BENCH_SEARCH_ARTICLES_SMALL (1000), …_LARGE (100000),
// BENCH_SEARCH_SAMPLES (30), BENCH_SEARCH_SCAN_SAMPLES (3), BENCH_SEARCH_QUERY_SECONDS (60), BENCH_SEARCH_CREATES (40 a round),
// BENCH_SEARCH_WRITE_ROUNDS (6), BENCH_SEARCH_PARTS (queries,scan,writes). Exit 0 once the figures are printed (1 only when measuring failed).
import { sql } from "kysely";
import os from "node:os";
import { composeApp } from "../../app/compose-app.js";
import { openDatabase } from "../../engine/db/open-database.js";
import { publishedTable } from "../../engine/schema/published-model.js";
import { searchDocument, textSearchConfig, weightedFields } from "../../engine/sql/search-vector.js";
import { configFromEnv } from "../../server/config.js";
import { queryWords, tsqueryText } from "../../server/search/search-words.js";
import { createScratchDatabase } from "../lib/scratch-database.js";
import { articleTexts, fillArticles, RARE } from "./search-filler.js";

const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ONLY = process.env.BENCH_DATABASE;
const SMALL = Number(process.env.BENCH_SEARCH_ARTICLES_SMALL ?? 1000);
const LARGE = Number(process.env.BENCH_SEARCH_ARTICLES_LARGE ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 30);
const SCAN_SAMPLES = Number(process.env.BENCH_SEARCH_SCAN_SAMPLES ?? 3);
// The searches timed beside the scans (GET /api/search at the large size, as in 1).
const SEARCH_SAMPLES = 10;
// A query that ranks tens of thousands of matches takes seconds: its samples stop after this many
// seconds (at least 3 a size), so the run ends in time.
const QUERY_SECONDS = Number(process.env.BENCH_SEARCH_QUERY_SECONDS ?? 60);
const CREATES = Number(process.env.BENCH_SEARCH_CREATES ?? 40);
const WARM_CREATES = 20;
// BENCH_SEARCH_PARTS=queries,scan,writes (all by default): which of the three measurements run.
const PARTS = new Set((process.env.BENCH_SEARCH_PARTS ?? "queries,scan,writes").split(",").map((p) => p.trim()));
const WRITE_ROUNDS = Number(process.env.BENCH_SEARCH_WRITE_ROUNDS ?? 6);
const SECRET = "bench-search-secret";

interface Query {
  name: string;
  language: "en" | "ru";
  q: string;
  /** Read as a typo: full-text finds nothing as typed, the nearest words of the titles do (not compared with ILIKE). */
  typo?: boolean;
}
const QUERIES: Query[] = [
  { name: "common word", language: "en", q: "glaze" },
  { name: "common word", language: "ru", q: "глина" },
  { name: "rare word", language: "en", q: RARE.en },
  { name: "rare word", language: "ru", q: RARE.ru },
  { name: "prefix as typed", language: "en", q: "mug" },
  { name: "prefix as typed", language: "ru", q: "кру" },
  { name: "two words", language: "en", q: "speckle stoneware" },
  { name: "two words", language: "ru", q: "матовая глазурь" },
  { name: "typo (nearest title words)", language: "en", q: "porcelian", typo: true },
  { name: "typo (nearest title words)", language: "ru", q: "керамческая", typo: true },
];
const label = (query: Query) => `${query.name}, ${query.language} "${query.q}"`;

type Blog = Awaited<ReturnType<typeof openBlog>>;

async function openBlog(kind: "pglite" | "server", name: string, articles: number) {
  const scratch = kind === "server" ? await createScratchDatabase(SERVER, name) : undefined;
  const database = await openDatabase(scratch ? { url: scratch.url, poolSize: 4 } : {});
  const base = configFromEnv({ SEARCH_RATE_LIMIT: "1000000000" });
  const config = { ...base, rbacSecretKey: SECRET, logLevel: "silent", seedDemoContent: false, drafts: true };
  const app = await composeApp(
    { ...config, notifications: { ...config.notifications, worker: false } },
    { database, logger: false },
  );
  const started = Date.now();
  await fillArticles(database, articles, (done) => process.stdout.write(`\r  ${name}: ${done} articles`));
  console.log(
    `\r  ${name}: ${articles} articles written and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return {
    app,
    database,
    articles,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

/** One search as the results page asks it; it must find something. */
async function search(blog: Blog, query: Query): Promise<number> {
  const url = `/api/search?q=${encodeURIComponent(query.q)}&language=${query.language}`;
  const [elapsed, response] = await timed(() => blog.app.inject({ method: "GET", url }));
  if (response.statusCode !== 200 || response.json().data.length === 0)
    throw new Error(`${label(query)} on ${blog.articles}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return elapsed;
}

/** 1. Each query on both blogs in turn, sample by sample, after a warm-up. */
async function measureQueries(small: Blog, large: Blog) {
  const lines: string[][] = [];
  for (const query of QUERIES) {
    const times = new Map<Blog, number[]>([
      [small, []],
      [large, []],
    ]);
    const started = performance.now();
    for (let n = -2; n < SAMPLES; n++) {
      if (n >= 3 && performance.now() - started > QUERY_SECONDS * 1000) break;
      for (const blog of n % 2 === 0 ? [small, large] : [large, small]) {
        const elapsed = await search(blog, query);
        if (n >= 0) times.get(blog)!.push(elapsed);
      }
    }
    const [a, b] = [times.get(small)!, times.get(large)!];
    const ratio = median(b) / median(a);
    lines.push([
      `${label(query)}, ${a.length} samples`,
      `${ms(median(a))} (${ms(p95(a))})`,
      `${ms(median(b))} (${ms(p95(b))})`,
      ratio.toFixed(2),
      ratio <= 2 ? "met" : "NOT met",
    ]);
  }
  table(["GET /api/search", `${SMALL}: median (p95) ms`, `${LARGE}: median (p95) ms`, "ratio", "≤ 2×"], lines);
}

/**
 * 2. The search beside an ILIKE scan of the same columns: the visitor's query through the app, and
 * the ILIKE search's rows (all of them: with no ranking it cannot stop early and know it has the
 * best ones); also the same rows counted through the full-text index.
 */
async function measureScan(blog: Blog) {
  const model = blog.app.registry.get("blog/articles");
  const from = sql.id(publishedTable(model));
  const lines: string[][] = [];
  for (const query of QUERIES.filter((q) => !q.typo)) {
    const words = queryWords(query.q);
    const config = sql.raw(`'${textSearchConfig(query.language)}'::regconfig`);
    const indexed = sql<{ n: number }>`SELECT count(*)::int AS n FROM ${from} AS t
      WHERE ${sql.raw(searchDocument(model, query.language, "t"))} @@ to_tsquery(${config}, ${tsqueryText(words)})`;
    const columns = weightedFields(model).map((f) => sql.raw(`(t.${JSON.stringify(f.name)}->>'${query.language}')`));
    const eachWord = words.map(
      (w) =>
        sql`(${sql.join(
          columns.map((c) => sql`${c} ILIKE ${`%${w}%`}`),
          sql` OR `,
        )})`,
    );
    const ilike = sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${from} AS t WHERE ${sql.join(eachWord, sql` AND `)}`;
    const db = blog.database.db;
    const plan = await sql<Record<string, string>>`EXPLAIN ${ilike}`.execute(db);
    const planned = Object.values(plan.rows.find((r) => /Scan/.test(Object.values(r)[0]!)) ?? {})[0] ?? "";
    const times = { search: [] as number[], index: [] as number[], ilike: [] as number[], scan: [] as number[] };
    let counts = [0, 0];
    for (let n = -2; n < SEARCH_SAMPLES; n++) {
      const elapsed = await search(blog, query);
      if (n >= 0) times.search.push(elapsed);
    }
    for (let n = -1; n < SCAN_SAMPLES; n++) {
      // Through the index, as named: the planner reads a word in most rows by a sequential scan.
      const [a, i] = await timed(() =>
        db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          return indexed.execute(trx);
        }),
      );
      const [b, l] = await timed(() => ilike.execute(db));
      const [c] = await timed(() =>
        db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
          await sql`SET LOCAL enable_indexscan = off`.execute(trx);
          return ilike.execute(trx);
        }),
      );
      counts = [i.rows[0]!.n, l.rows[0]!.n];
      if (n >= 0) [times.index, times.ilike, times.scan].forEach((list, k) => list.push([a, b, c][k]!));
    }
    const ratio = median(times.scan) / median(times.search);
    lines.push([
      label(query),
      `${counts[0]} / ${counts[1]}`,
      ms(median(times.search)),
      `${ms(median(times.ilike))} (${/Seq Scan/.test(planned) ? "seq scan" : "trigram index"})`,
      ms(median(times.scan)),
      (median(times.ilike) / median(times.search)).toFixed(1),
      ratio.toFixed(1),
      ratio >= 10 ? "met" : "NOT met",
      ms(median(times.index)),
      (median(times.scan) / median(times.index)).toFixed(1),
    ]);
  }
  table(
    [
      `${LARGE} articles`,
      "rows: words / ILIKE",
      "search ms",
      "ILIKE as planned ms",
      "ILIKE seq scan ms",
      "planned / search",
      "scan / search",
      "≥ 10×",
      "index count ms",
      "scan / count",
    ],
    lines,
  );
}

/** A create the write measurement times: its route and the table whose full-text indexes it writes. */
interface Write {
  label: string;
  url: string;
  table: string;
  data: (n: number) => Record<string, unknown>;
}

const WRITES: Write[] = [
  {
    // bench:crud's create (scripts/bench/crud.ts): a product saved as a draft, its working copy only.
    label: "POST /api/ecommerce/products (bench:crud's create, a draft)",
    url: "/api/ecommerce/products",
    table: "ecommerce_products__published",
    data: (n) => ({ title: { en: `New product ${n}` }, slug: `bench-new-${n}`, adminTitle: `New product ${n}` }),
  },
  {
    label: "POST /api/ecommerce/products?publish=true (the same, published)",
    url: "/api/ecommerce/products?publish=true",
    table: "ecommerce_products__published",
    data: (n) => ({
      title: { en: `Published product ${n}` },
      slug: `bench-published-${n}`,
      adminTitle: `Published product ${n}`,
    }),
  },
  {
    label: "POST /api/blog/articles?publish=true (an article of twelve paragraphs a language)",
    url: "/api/blog/articles?publish=true",
    table: "blog_articles__published",
    data: (n) => {
      const data: Record<string, unknown> = { adminTitle: `New article ${n}`, slug: `bench-new-${n}` };
      for (const language of ["en", "ru"] as const) {
        const texts = articleTexts(language, n + 1, 12);
        for (const [field, text] of Object.entries(texts))
          data[field] = { ...(data[field] as object), [language]: text };
      }
      return data;
    },
  },
];

/**
 * What the search adds to a published table, as statements that take it away and put it back:
 * the stored documents (generated columns, recomputed for every row when put back), their GIN
 * indexes, and the trigger that keeps the search's words (migrations/0031_search_words.sql).
 */
async function searchParts(db: Blog["database"]["db"], table: string) {
  const pattern = `${table.replaceAll("_", "\\_")}\\_search\\_%\\_fts`;
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema()
    AND tablename = ${table} AND indexname LIKE ${pattern}`.execute(db);
  const { rows: columns } = await sql<{ name: string; expression: string }>`
    SELECT a.attname AS name, pg_get_expr(d.adbin, d.adrelid) AS expression
    FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = ${table}::regclass AND a.attgenerated = 's' ORDER BY a.attnum`.execute(db);
  if (indexes.length === 0 || columns.length === 0) throw new Error(`no stored search document on ${table}`);
  const trigger = `"${table}_search_words"`;
  return {
    indexes,
    drop: [
      ...columns.map((c) => `ALTER TABLE "${table}" DROP COLUMN "${c.name}"`),
      `ALTER TABLE "${table}" DISABLE TRIGGER ${trigger}`,
    ],
    add: [
      ...columns.map(
        (c) => `ALTER TABLE "${table}" ADD COLUMN "${c.name}" tsvector GENERATED ALWAYS AS (${c.expression}) STORED`,
      ),
      ...indexes.map((i) => i.definition),
      `ALTER TABLE "${table}" ENABLE TRIGGER ${trigger}`,
    ],
  };
}

/**
 * 3. Creates with the search's parts of the table the write reaches (searchParts) present and
 * taken away, alternating rounds (with, without, without, with, …).
 */
async function measureWrites(blog: Blog, write: Write) {
  const db = blog.database.db;
  const parts = await searchParts(db, write.table);
  const indexes = parts.indexes;
  let present = true;
  let made = 0;
  const create = async () => {
    const payload = JSON.stringify({ data: write.data(made++) });
    const headers = { "content-type": "application/json", "x-rbac-secret-key": SECRET };
    const [elapsed, response] = await timed(() =>
      blog.app.inject({ method: "POST", url: write.url, headers, payload }),
    );
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return { elapsed, bytes: payload.length };
  };
  // Warm: the route's first creates compile and cache what every later one reuses.
  for (let i = 0; i < WARM_CREATES; i++) await create();
  const arms = {
    with: { creates: [] as number[], totals: [] as number[] },
    without: { creates: [] as number[], totals: [] as number[] },
  };
  let bytes = 0;
  console.log(`\n${write.label}, with and without ${write.table}'s search documents, indexes and words trigger:`);
  for (let round = 0; round < WRITE_ROUNDS; round++) {
    const arm = [0, 3].includes(round % 4) ? "with" : "without";
    if ((arm === "with") !== present) {
      const [rebuild] = await timed(async () => {
        for (const statement of present ? parts.drop : parts.add) await sql.raw(statement).execute(db);
      });
      present = !present;
      console.log(
        `  ${present ? "put back" : "took away"} the search's columns, indexes and trigger in ${ms(rebuild)} ms`,
      );
    }
    const times: number[] = [];
    for (let i = 0; i < CREATES; i++) {
      const result = await create();
      times.push(result.elapsed);
      bytes = result.bytes;
    }
    // GIN defers a write's entries to the index's pending list, merged later by a write or VACUUM:
    // that merge is the rest of these creates' cost, timed here and added to the round.
    const [flush] = present
      ? await timed(async () => {
          for (const index of indexes) await sql`SELECT gin_clean_pending_list(${index.name}::regclass)`.execute(db);
        })
      : [0];
    arms[arm].creates.push(...times);
    arms[arm].totals.push((times.reduce((a, b) => a + b, 0) + flush) / CREATES);
    console.log(
      `  round ${round + 1} ${arm.padEnd(7)} mean ${ms(mean(times))} ms a create, pending-list merge ${ms(flush)} ms`,
    );
  }
  // The search's parts are put back only for the next measurement of the same table (products);
  // putting back 100,000 articles' documents takes minutes and the blog is dropped next.
  if (!present && write !== WRITES.at(-1)) for (const statement of parts.add) await sql.raw(statement).execute(db);
  const [w, o] = [arms.with, arms.without];
  const ratio = mean(w.totals) / mean(o.totals);
  console.log(
    `  ${(bytes / 1024).toFixed(1)} KB body, ${CREATES} a round: ` +
      `median ${ms(median(w.creates))} ms with the search, ${ms(median(o.creates))} without: ${(median(w.creates) / median(o.creates)).toFixed(2)}; ` +
      `mean with the pending-list merge ${ms(mean(w.totals))} ms, without ${ms(mean(o.totals))}: ${ratio.toFixed(2)} ` +
      `(target ≤ 1.10: ${ratio <= 1.1 ? "met" : "NOT met"})`,
  );
}

function table(header: string[], lines: string[][]) {
  const widths = header.map((_, i) => Math.max(...[header, ...lines].map((l) => l[i]!.length)));
  const format = (l: string[]) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${lines.map(format).join("\n")}\n`);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main() {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, node ${process.version}, load average ${load()}`);
  for (const kind of ["pglite", "server"] as const) {
    if (ONLY && ONLY !== kind) continue;
    console.log(
      `\n=== ${kind === "pglite" ? "PGlite, in this process" : `PostgreSQL server at ${SERVER.replace(/\/\/[^@]*@/, "//")}`}`,
    );
    const small = await openBlog(kind, "bench_search_small", SMALL);
    let large: Blog | undefined;
    try {
      large = await openBlog(kind, "bench_search_large", LARGE);
      const { rows } = await sql<{ v: string; size: string }>`SELECT version() AS v,
        pg_size_pretty(pg_total_relation_size('blog_articles__published')) AS size`.execute(large.database.db);
      console.log(
        `  ${rows[0]!.v.split(" on ")[0]}; published articles at ${LARGE}: ${rows[0]!.size} with indexes; load ${load()}`,
      );
      if (PARTS.has("queries")) await measureQueries(small, large);
      if (PARTS.has("scan")) await measureScan(large);
      if (PARTS.has("writes")) for (const write of WRITES) await measureWrites(large, write);
      console.log(`load average at the end: ${load()}`);
    } finally {
      for (const blog of [small, large])
        await blog
          ?.close()
          .catch((error) => console.error(`closing a blog: ${error instanceof Error ? error.message : error}`));
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}

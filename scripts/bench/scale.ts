// `npm run bench:scale`: the admin's and the site's look-ups on a catalogue of 1,000 products and
// on one of 1,000,000 (each product with a price in US dollars and a category), each in a database
// of its own on BENCH_DATABASE_URL's server (default the local one): "bench_scale_small" and
// "bench_scale_large", dropped at the end unless BENCH_KEEP=1 (BENCH_REUSE=1 then reuses a filled
// large one). Both apps run in this process and are measured in turn, request by request, so a
// busy machine slows both alike; through app.inject (routing, permission check, query, JSON),
// median of BENCH_SAMPLES (40) requests after warm-up, each with other values.
// Target: indexed look-ups and first pages within 2× of their 1,000-row time; the admin's count
// an estimate once a table is large (GET …/count?estimate=true), exact on request.
// BENCH_ROWS (1000000) sets the large size; the filler is INSERT … SELECT generate_series in SQL.
// BENCH_DATABASE=pglite runs both catalogues on in-memory PGlite instead (large size 100000).
// Deep pages are read both ways: by offset (rows/2 skipped) and by the `after` cursor of the list's
// answer (cursors taken beforehand, from pages around the middle). The verdict is printed; the
// exit code is 0 once the figures are out (only a failure to measure is an exit 1).
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import os from "node:os";
import pg from "pg";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { createScratchDatabase } from "../lib/scratch-database.js";
import { fillCatalogue, productNumber, CATEGORIES } from "./scale-filler.js";

const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PGLITE = process.env.BENCH_DATABASE === "pglite";
const SMALL = 1000;
const LARGE = Number(process.env.BENCH_ROWS ?? (PGLITE ? 100_000 : 1_000_000));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const SECRET = "bench-scale-secret";
const KEY = { "x-rbac-secret-key": SECRET };
const PRODUCTS = "/api/ecommerce/products";
/** Digits of the product numbers in titles, the same at both sizes. */
const WIDTH = String(LARGE).length;

interface Scenario {
  name: string;
  /** Held to the 2× target (indexed look-ups and first pages). */
  target: boolean;
  /** The n-th request's URL for a catalogue of `rows` products. */
  url(rows: number, n: number): string;
  /** Whether the answer is right (not only fast). */
  check(status: number, body: string, rows: number): boolean;
  /** Set-up before the measure (not timed), per catalogue. */
  prepare?(catalogue: Catalogue): Promise<void>;
}

const filters = (list: object[]) => `filters[and]=${encodeURIComponent(JSON.stringify(list))}`;
const newestFirst = `orderBy[and]=${encodeURIComponent(JSON.stringify([{ column: "createdAt", method: "desc" }]))}`;
const json = (body: string) => JSON.parse(body);
const listOf = (n: number) => (status: number, body: string) => status === 200 && json(body).data.length === n;
/** A product number spread over the catalogue (a prime stride), different per request. */
const pick = (rows: number, n: number) => 1 + ((n * 7919 + 13) % rows);

const scenarios: Scenario[] = [
  {
    name: "admin table: first page (20, newest first)",
    target: true,
    url: () => `${PRODUCTS}?limit=20&offset=0&${newestFirst}`,
    check: listOf(20),
  },
  {
    name: "admin table: count (estimate)",
    target: true,
    url: () => `${PRODUCTS}/count?estimate=true`,
    check: (status, body, rows) => status === 200 && Math.abs(json(body).data - rows) <= rows * 0.2,
  },
  {
    name: "count, exact (GET …/count)",
    target: false,
    url: () => `${PRODUCTS}/count`,
    check: (status, body, rows) => status === 200 && json(body).data >= rows,
  },
  {
    name: "deep page (the middle, offset rows/2)",
    target: false,
    url: (rows) => `${PRODUCTS}?limit=20&offset=${Math.floor(rows / 40) * 20}&${newestFirst}`,
    check: listOf(20),
  },
  {
    name: "deep page (the middle, after cursor)",
    target: true,
    url: (rows, n) =>
      `${PRODUCTS}?limit=20&${newestFirst}&after=${encodeURIComponent(cursorsAt.get(rows)![Math.abs(n) % CURSORS]!)}`,
    check: listOf(20),
    prepare: takeCursors,
  },
  {
    name: "slug look-up (filter slug eq)",
    target: true,
    url: (rows, n) => `${PRODUCTS}?${filters([{ column: "slug", method: "eq", value: `product-${pick(rows, n)}` }])}`,
    check: listOf(1),
  },
  {
    name: "title search, one match (title->>en ilike)",
    target: true,
    url: (rows, n) =>
      `${PRODUCTS}?limit=20&${newestFirst}&${filters([{ column: "title->>en", method: "ilike", value: `%${productNumber(pick(rows, n), WIDTH)}%` }])}`,
    check: listOf(1),
  },
  {
    name: "admin search box (adminTitle ilike), one match",
    target: true,
    url: (rows, n) =>
      `${PRODUCTS}?limit=20&${newestFirst}&${filters([{ column: "adminTitle", method: "ilike", value: `%${productNumber(pick(rows, n), WIDTH)}%` }])}`,
    check: listOf(1),
  },
  {
    name: "filter by category (a sub-table page of 10)",
    target: true,
    url: (_rows, n) =>
      `/api/ecommerce/categories-to-products?limit=10&${filters([{ column: "categoryId", method: "eq", value: `@category-${n % CATEGORIES}` }])}`,
    check: listOf(10),
  },
  {
    name: "product page render (not cached)",
    target: true,
    url: (rows, n) => `/ecommerce/products/product-${pick(rows, n)}`,
    check: (status, body) => status === 200 && body.includes("<html"),
  },
];

/** Cursors per catalogue size: the `next` of pages ending at the middle and a page or more past it. */
const CURSORS = 16;
const cursorsAt = new Map<number, string[]>();
async function takeCursors(catalogue: Catalogue) {
  const cursors: string[] = [];
  for (let j = 0; j < CURSORS; j++) {
    const offset = Math.floor(catalogue.rows / 40) * 20 + j * 20 - 1;
    const response = await catalogue.app.inject({
      method: "GET",
      url: `${PRODUCTS}?limit=1&offset=${offset}&${newestFirst}`,
      headers: KEY,
    });
    const next = response.json().next;
    if (response.statusCode !== 200 || typeof next !== "string")
      throw new Error(`no cursor at ${offset} of ${catalogue.rows}: ${response.body.slice(0, 300)}`);
    cursors.push(next);
  }
  cursorsAt.set(catalogue.rows, cursors);
}

/** The category placeholders in URLs are swapped for their ids once the categories exist. */
let categoryIds: string[] = [];
const resolve = (url: string) =>
  url.replace(/%40category-(\d+)|@category-(\d+)/g, (_, a, b) => categoryIds[Number(a ?? b)]!);

interface Catalogue {
  app: FastifyInstance;
  database: Database;
  rows: number;
  close(): Promise<void>;
}

async function request(catalogue: Catalogue, scenario: Scenario, n: number): Promise<number> {
  const url = resolve(scenario.url(catalogue.rows, n));
  if (scenario.name.startsWith("product page")) catalogue.app.site.pages.cache.clear();
  const started = performance.now();
  const response = await catalogue.app.inject({ method: "GET", url, headers: KEY });
  const ms = performance.now() - started;
  if (!scenario.check(response.statusCode, response.body, catalogue.rows)) {
    throw new Error(
      `${scenario.name} at ${catalogue.rows} rows: ${response.statusCode} ${response.body.slice(0, 300)} (${url})`,
    );
  }
  return ms;
}

/** Each scenario on both catalogues in turn, sample by sample, after a warm-up with other values. */
async function measure(small: Catalogue, large: Catalogue, scenario: Scenario) {
  const times = { small: [] as number[], large: [] as number[] };
  for (let n = -3; n < SAMPLES; n++) {
    const value = n < 0 ? 100_000 + n : n;
    const order = n % 2 === 0 ? ([small, large] as const) : ([large, small] as const);
    for (const catalogue of order) {
      const ms = await request(catalogue, scenario, value);
      if (n >= 0) times[catalogue === small ? "small" : "large"].push(ms);
    }
  }
  return { small: times.small.sort((a, b) => a - b), large: times.large.sort((a, b) => a - b) };
}

async function open(name: string, reuse: boolean): Promise<Catalogue & { filled: number }> {
  let url: string | undefined;
  let drop = async () => {};
  if (PGLITE) {
    url = undefined;
  } else if (reuse) {
    url = Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();
  } else {
    const scratch = await createScratchDatabase(SERVER, name);
    url = scratch.url;
    drop = scratch.drop;
  }
  const database = await openDatabase(url ? { url, poolSize: 10 } : {});
  const app = await composeApp(
    { ...configFromEnv({}), rbacSecretKey: SECRET, logLevel: "silent", seedDemoContent: true },
    { database, logger: false },
  );
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ecommerce_products WHERE slug LIKE 'product-%'`.execute(database.db);
  return {
    app,
    database,
    rows: 0,
    filled: rows[0]!.n,
    // The app and its pool first, then the database: DROP … WITH (FORCE) ends what is still connected.
    async close() {
      await app.close();
      await database.close();
      if (process.env.BENCH_KEEP !== "1") await drop();
    },
  };
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
const p90 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.9)]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

async function main() {
  const small = await open("bench_scale_small", false);
  const reuse = !PGLITE && process.env.BENCH_REUSE === "1" && (await databaseExists("bench_scale_large"));
  const large = await open("bench_scale_large", reuse);
  try {
    const cpus = os.cpus();
    const { rows: version } = await sql<{ server_version: string }>`SHOW server_version`.execute(small.database.db);
    console.log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const where = PGLITE ? "two in-memory PGlite databases" : "databases bench_scale_small and bench_scale_large";
    console.log(
      `node ${process.version}, PostgreSQL ${version[0]?.server_version}${PGLITE ? " (PGlite)" : ""}; ${where}, the demo site plus the filler; ${SAMPLES} samples per figure\n`,
    );

    let started = Date.now();
    categoryIds = await fillCatalogue(small.database, 0, SMALL, WIDTH);
    small.rows = SMALL;
    console.log(`filled ${SMALL} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    if (large.filled === LARGE) {
      console.log(`reusing bench_scale_large with its ${LARGE} products (BENCH_REUSE=1)`);
    } else {
      await fillCatalogue(large.database, 0, LARGE, WIDTH, (done) =>
        process.stdout.write(`\r  filling: ${done} products`),
      );
      console.log(
        `\rfilled ${LARGE} products (each with a price and a category) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    large.rows = LARGE;
    for (const { database } of [small, large]) await sql`VACUUM ANALYZE`.execute(database.db);

    const results = new Map<string, { small: number[]; large: number[] }>();
    for (const scenario of scenarios) {
      for (const catalogue of [small, large]) await scenario.prepare?.(catalogue);
      results.set(scenario.name, await measure(small, large, scenario));
    }

    const size = await sql<{
      size: string;
    }>`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`.execute(large.database.db);
    console.log(
      `${PGLITE ? "large catalogue" : "bench_scale_large"}: ${size.rows[0]!.size}; load average now ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    const header = ["", `${SMALL} rows: median (p90) ms`, `${LARGE} rows: median (p90) ms`, "ratio", "target ≤ 2×"];
    const lines = scenarios.map((s) => {
      const { small: a, large: b } = results.get(s.name)!;
      const ratio = median(b) / median(a);
      return [
        s.name,
        `${ms(median(a))} (${ms(p90(a))})`,
        `${ms(median(b))} (${ms(p90(b))})`,
        ratio.toFixed(2),
        s.target ? (ratio <= 2 ? "met" : "NOT met") : "—",
      ];
    });
    const widths = header.map((_, i) => Math.max(...[header, ...lines].map((l) => l[i]!.length)));
    const format = (l: string[]) =>
      l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    console.log(`${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
    for (const line of lines) console.log(format(line));
    const missed = lines.filter((l) => l[4] === "NOT met").map((l) => l[0]);
    const deep = (size: "small" | "large", name: string) =>
      median(results.get(name)![size]) / median(results.get(scenarios[0]!.name)![size]);
    console.log(
      `\ndeep page (the middle) / first page, newest first: ` +
        [
          ["small", SMALL],
          ["large", LARGE],
        ]
          .map(
            ([size, rows]) =>
              `at ${rows} rows by offset ${deep(size as "small", "deep page (the middle, offset rows/2)").toFixed(2)}, by cursor ${deep(size as "small", "deep page (the middle, after cursor)").toFixed(2)}`,
          )
          .join("; "),
    );
    console.log(
      missed.length
        ? `\ntarget NOT met on: ${missed.join("; ")}`
        : "\nevery indexed look-up, first page and deep page by cursor within 2× of its 1,000-row time: target met",
    );
  } finally {
    // After the figures, a failure to clean up is said, not made the run's result.
    for (const catalogue of [small, large])
      await catalogue
        .close()
        .catch((error) => console.error(`closing a catalogue: ${error instanceof Error ? error.message : error}`));
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: SERVER });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

// `npm run bench:crud`: the generated CRUD routes against a minimal hand-written Fastify + pg
// handler, on the same PostgreSQL table of 10,000 products, measured with autocannon in this
// process while each server runs alone in a child process (same conditions for both).
// Target (docs/benchmarks.md): generated / hand-written req/s ≥ 0.9 and server CPU per request ≤ 1.15 on every row
// but the update, which has no like-for-like hand-written baseline (it keeps no versions).
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { postgresCpu } from "./postgres-cpu.js";
import pg from "pg";
import { buildServer } from "../build.js";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SCHEMA = "bench_crud";
const SECRET = "bench-secret";
const PRODUCTS = 10_000;
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// Every row is measured in BENCH_ROUNDS paired rounds (7 by default): in each round the two servers
// run the row one after the other, seconds apart, which goes first alternating, and the round's
// ratio is the generated figure over the hand-written one. The verdict reads the median of the
// rounds' ratios, printed with their range. On this 2-core VM one run of the same server swings by
// a third (docs/benchmarks.md: other processes' work lands in the server's socket writes and GC);
// a pair shares most of a swing, and the median of seven pairs is what two runs agree on.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TARGET = 0.9;
const CPU_TARGET = 1.15;
// BENCH_RATE=create=1500,update=250 (or one number for every row): both servers are sent the same
// fixed request rate instead of as many requests as they answer. A server's CPU per request falls
// as its load rises (more requests share each event-loop turn and each socket wake-up), so at
// saturation a side that the database slows down also looks dearer in its own process. At one
// rate, below what either side can answer, the CPU figures compare the work each request does.
const RATES = parseRates(process.env.BENCH_RATE);
function parseRates(text: string | undefined): (row: string) => number | undefined {
  if (!text) return () => undefined;
  if (/^\d+$/.test(text.trim())) return () => Number(text);
  const byRow = new Map(text.split(",").map((part) => part.split("=").map((p) => p.trim()) as [string, string]));
  return (row) => (byRow.has(row) ? Number(byRow.get(row)) : undefined);
}
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PREFIX = "/api/ecommerce/products";

type ServerName = "generated" | "hand-written";
// BENCH_BASELINE=unaudited: the baseline is the generated app itself without its audit log
// (BENCH_AUDIT=off), so each ratio is what the log costs: the audit entries written in each
// write's statement and the request context that names their author (docs/audit.md). Its budget
// is the same 1.15 of CPU per request; the req/s ratio is printed but not judged.
const UNAUDITED = process.env.BENCH_BASELINE === "unaudited";
const SERVER_FILES: Record<ServerName, string> = {
  generated: "scripts/bench/generated-server.ts",
  "hand-written": UNAUDITED ? "scripts/bench/generated-server.ts" : "scripts/bench/hand-written-server.ts",
};
/** How a side is named in the output. */
const LABEL: Record<ServerName, string> = UNAUDITED
  ? { generated: "audited", "hand-written": "unaudited" }
  : { generated: "generated", "hand-written": "hand-written" };
// Both servers run compiled, as production runs the app (`npm run build`: esbuild, then plain
// node, no TypeScript step): built here with the same options into dist/bench-crud/.
// BENCH_TSX=1 runs the TypeScript sources through tsx instead, as `npm start` does in
// development. tsx keeps every function's name by wrapping each closure made at run time in a
// call that sets it (esbuild's keepNames), which the production build does not do; the generated
// app makes a few such closures per request, the hand-written one none (docs/benchmarks.md).
const COMPILED = process.env.BENCH_TSX !== "1";
const COMPILED_DIR = "dist/bench-crud";
const serverCommand = (name: ServerName) =>
  COMPILED
    ? [`${COMPILED_DIR}/${SERVER_FILES[name].replace(/^.*\//, "").replace(/\.ts$/, ".js")}`]
    : ["--import", "tsx", SERVER_FILES[name]];

// ---------------------------------------------------------------- the four measured requests

interface Request {
  method: "GET" | "POST" | "PATCH";
  path: string;
  body?: string;
}
interface Scenario {
  name: string;
  /** The n-th request of a run; both servers get exactly the same sequence. */
  request(n: number): Request;
}

let seeded: { id: string; slug: string }[] = [];
const pick = (n: number) => seeded[(n * 7919) % seeded.length]!; // a prime stride spreads the look-ups

const scenarios: Scenario[] = [
  { name: "get-by-id", request: (n) => ({ method: "GET", path: `${PREFIX}/${pick(n).id}` }) },
  {
    name: "list slug eq",
    request: (n) => ({
      method: "GET",
      path: `${PREFIX}?filters[and][0][column]=slug&filters[and][0][method]=eq&filters[and][0][value]=${pick(n).slug}`,
    }),
  },
  { name: "first page of 20", request: () => ({ method: "GET", path: `${PREFIX}?limit=20` }) },
  {
    name: "create",
    request: (n) => ({
      method: "POST",
      path: PREFIX,
      // Unique slug per request (the column is UNIQUE); rows made by a run are deleted before the next.
      body: JSON.stringify({
        data: { title: { en: `New product ${n}` }, slug: `bench-new-${n}`, adminTitle: `New product ${n}` },
      }),
    }),
  },
  {
    // A seeded product's title changed: the generated app keeps a version and, with the audit log
    // (docs/audit.md), its entry; the hand-written one updates the row (the same for every branch compared).
    name: "update",
    request: (n) => ({
      method: "PATCH",
      path: `${PREFIX}/${pick(n).id}`,
      body: JSON.stringify({ data: { title: { en: `Updated product ${n}` } } }),
    }),
  },
];
const CREATE = scenarios.find((s) => s.name === "create")!;
const UPDATE = scenarios.find((s) => s.name === "update")!;
// BENCH_ROWS=create,get-by-id: only these rows (profiling one of them); all five by default.
const ROWS = process.env.BENCH_ROWS?.split(",").map((r) => r.trim());
const measured = ROWS ? scenarios.filter((s) => ROWS.includes(s.name)) : scenarios;

// Same headers for every request to both servers (the generated app needs the key for writes).
const HEADERS = { "content-type": "application/json", "x-rbac-secret-key": SECRET };

// ---------------------------------------------------------------- child processes

const children = new Set<ChildProcess>();

/** Starts one server alone in its own process (plain `node`, no wrapper process). */
function startServer(name: ServerName, label: string): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_CPU_PROF=<dir>: each server writes V8 CPU profiles to <dir>/<server>-<row>/ when it stops,
  // one per thread (the biggest is the main thread's, the one with requests; tsx's loader has its own).
  const profileDir = `${process.env.BENCH_CPU_PROF}/${name}-${label.replace(/\W+/g, "-")}`;
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  // BENCH_NODE_FLAGS="--trace-gc …": extra V8/node flags for both servers (diagnostics only).
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...flags, ...serverCommand(name)], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_DATABASE_URL: URL_,
      BENCH_SCHEMA: SCHEMA,
      BENCH_SECRET: SECRET,
      PORT: "0",
      BENCH_AUDIT: UNAUDITED && name === "hand-written" ? "off" : "on",
      // BENCH_HEAP_PROF=<dir>: what each server's requests keep alive past a scavenge (serve-for-parent.ts).
      BENCH_HEAP_PROF: process.env.BENCH_HEAP_PROF
        ? `${process.env.BENCH_HEAP_PROF}/${name}-${label.replace(/\W+/g, "-")}.heapprofile`
        : "",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} server did not start within 60 s`)), 60_000);
    child.once("message", (message: any) => {
      clearTimeout(timer);
      resolve({ port: message.port, child });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited during start-up (code ${code})`));
    });
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

// Last resort when this process dies: no server may outlive it (they also exit on IPC disconnect).
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
/** Set by main: stops the servers and drops the schema; also run on Ctrl-C / SIGTERM. */
let cleanup = async () => {};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    console.error(`\n${signal}: stopping`);
    await Promise.race([cleanup(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    process.exit(130);
  });
}

// ---------------------------------------------------------------- database

async function seed(client: pg.Client) {
  // One statement; distinct createdAt values so "first page" has a real order to follow.
  const { rows } = await client.query(
    `INSERT INTO ecommerce_products (id, "createdAt", "updatedAt", "adminTitle", slug, title, "shortDescription")
     SELECT gen_random_uuid(), ts, ts, 'Product ' || i, 'bench-product-' || lpad(i::text, 5, '0'),
            jsonb_build_object('en', 'Product ' || i, 'ru', 'Товар ' || i),
            jsonb_build_object('en', 'A short description of product ' || i)
     FROM generate_series(1, $1::int) AS i, LATERAL (SELECT now() - ($1::int - i) * interval '1 second' AS ts) AS t
     RETURNING id, slug`,
    [PRODUCTS],
  );
  seeded = rows;
  // Published, as the demo's and an editor's products are: visitors read the published copies.
  const columns = (
    await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'ecommerce_products'`,
    )
  ).rows
    .map((r) => `"${r.column_name}"`)
    .join(", ");
  await client.query(
    `INSERT INTO ecommerce_products__published (${columns}) SELECT ${columns} FROM ecommerce_products ON CONFLICT (id) DO NOTHING`,
  );
  await client.query("VACUUM ANALYZE ecommerce_products");
  await client.query("VACUUM ANALYZE ecommerce_products__published");
}

/**
 * Back to the 10,000 seeded rows before every measured run: what an earlier run wrote (created
 * products, versions, audit entries) is deleted and vacuumed, and a checkpoint writes its pages
 * out. Otherwise the run after the creates meets autovacuum and the checkpointer catching up on
 * them (on two cores the first update run of a round cost up to 1.7× the second, whichever app).
 */
async function resetState(client: pg.Client) {
  await client.query(`DELETE FROM ecommerce_products WHERE slug LIKE 'bench-new-%'`);
  await client.query(`DELETE FROM host_versions WHERE "modelId" = 'ecommerce/products'`);
  const audited = (await client.query(`SELECT to_regclass('admin_audit_entries') IS NOT NULL AS there`)).rows[0].there;
  if (audited) await client.query("DELETE FROM admin_audit_entries");
  await client.query("VACUUM ANALYZE ecommerce_products");
  await client.query("VACUUM ANALYZE host_versions");
  if (audited) await client.query("VACUUM ANALYZE admin_audit_entries");
  await client.query("CHECKPOINT");
}

// ---------------------------------------------------------------- measuring

interface Measure {
  rps: number;
  p99: number;
  /** Server process CPU (user + system) per request, in µs. */
  cpu: number;
  /** PostgreSQL's CPU per request (all its processes on this machine), in µs; undefined when not local. */
  db?: number;
}

/** The server's own CPU time so far, and its read and write system calls (it answers an IPC "cpu" message). */
function cpuOf(child: ChildProcess): Promise<{ cpu: number; system: number; syscalls: number }> {
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error("the server exited during the run"));
    const onMessage = (message: any) => {
      if (!message?.cpu) return;
      child.off("message", onMessage).off("exit", onExit);
      resolve({
        cpu: message.cpu.user + message.cpu.system,
        system: message.cpu.system,
        syscalls: message.syscalls ?? 0,
      });
    };
    child.on("message", onMessage).once("exit", onExit);
    if (!child.connected) return onExit();
    child.send("cpu");
  });
}

function run(port: number, scenario: Scenario, seconds: number): Promise<autocannon.Result> {
  let n = 0;
  const rate = RATES(scenario.name);
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    headers: HEADERS,
    requests: [{ setupRequest: (req) => ({ ...req, ...scenario.request(n++) }) }],
  });
}

/** Warm-up (JIT, pool connections, caches), then the measured run, which must be all 2xx. */
async function measure(port: number, child: ChildProcess, server: ServerName, scenario: Scenario): Promise<Measure> {
  await run(port, { ...scenario, request: (n) => scenario.request(1_000_000 + n) }, WARMUP);
  const cpuBefore = await cpuOf(child);
  const dbBefore = postgresCpu();
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT;
  if (snapshotDir)
    setTimeout(
      () => child.send({ heapSnapshot: `${snapshotDir}/${server}-${scenario.name.replace(/\W+/g, "-")}.heapsnapshot` }),
      (DURATION * 1000) / 2,
    );
  const result = await run(port, scenario, DURATION);
  const cpuAfter = await cpuOf(child);
  const dbAfter = postgresCpu();
  const cpu = cpuAfter.cpu - cpuBefore.cpu;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const example = await send(port, scenario.request(0));
    throw new Error(
      `${server} / ${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `of ${result.requests.total}; status codes ${JSON.stringify(result.statusCodeStats)}; ` +
        `example response ${example.status} ${JSON.stringify(example.body).slice(0, 500)}`,
    );
  }
  const perRequest = cpu / result.requests.total;
  const syscalls = (cpuAfter.syscalls - cpuBefore.syscalls) / result.requests.total;
  const system = (cpuAfter.system - cpuBefore.system) / result.requests.total;
  const db =
    dbBefore !== undefined && dbAfter !== undefined
      ? (dbAfter.total - dbBefore.total) / result.requests.total
      : undefined;
  const backends =
    dbBefore !== undefined && dbAfter !== undefined
      ? (dbAfter.backends - dbBefore.backends) / result.requests.total
      : undefined;
  console.log(
    `  ${LABEL[server].padEnd(12)} ${scenario.name.padEnd(17)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
      `p99 ${String(result.latency.p99).padStart(3)} ms  ${result.requests.total} requests  server CPU ${perRequest.toFixed(0)} µs/request (${system.toFixed(0)} in the kernel), ${syscalls.toFixed(2)} socket reads+writes/request${db !== undefined ? `, PostgreSQL CPU ${db.toFixed(0)} µs/request (${backends!.toFixed(0)} in the backends)` : ""}`,
  );
  return { rps: result.requests.average, p99: result.latency.p99, cpu: perRequest, db };
}

async function send(port: number, request: Request) {
  const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: HEADERS,
    body: request.body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The same request to both servers must give the same answer, else the comparison means nothing. */
const samples: Partial<Record<ServerName, Record<string, unknown>>> = {};
async function sample(port: number, server: ServerName, scenario: Scenario, client: pg.Client) {
  // -1 for create: a slug no run uses (runs count from 0, warm-ups from 1,000,000).
  const { status, body } = await send(port, scenario.request(scenario === CREATE ? -1 : 0));
  const ok =
    scenario === CREATE
      ? status === 201
      : status === 200 && body.data && (!Array.isArray(body.data) || body.data.length > 0);
  if (!ok) throw new Error(`${server} / ${scenario.name}: ${status} ${JSON.stringify(body).slice(0, 500)}`);
  // Created rows differ in id and timestamps: compare their shape, the values sent, and the
  // versions kept (both servers write the record's first version: the same work).
  const versions = async () =>
    Number(
      (await client.query(`SELECT count(*) AS n FROM host_versions WHERE "recordId" = $1`, [body.data.id])).rows[0].n,
    );
  (samples[server] ??= {})[scenario.name] =
    scenario === CREATE
      ? { keys: Object.keys(body.data), slug: body.data.slug, title: body.data.title, versions: await versions() }
      : scenario === UPDATE
        ? { id: body.data.id, title: body.data.title }
        : body.data;
}

function checkSamples(scenario: Scenario) {
  const [a, b] = [samples.generated?.[scenario.name], samples["hand-written"]?.[scenario.name]];
  if (!isDeepStrictEqual(a, b)) {
    throw new Error(
      `${scenario.name}: the servers answer differently\n  ${LABEL.generated}: ${JSON.stringify(a)}\n  ${LABEL["hand-written"]}: ${JSON.stringify(b)}`,
    );
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const admin = new pg.Client({ connectionString: URL_, options: `-c search_path="${SCHEMA}"` });
  await admin.connect();
  let cleaned = false;
  cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await Promise.all([...children].map(stopServer));
    // BENCH_KEEP_SCHEMA=1 leaves the migrated tables and products for timing statements by hand.
    if (process.env.BENCH_KEEP_SCHEMA !== "1")
      await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => {});
    await admin.end().catch(() => {});
  };
  // Per row, each round's two measures (a pair: the same row on both servers, seconds apart).
  const rounds = new Map<string, Partial<Record<ServerName, Measure>>[]>();
  const record = (scenario: Scenario, server: ServerName, m: Measure, round: number) => {
    const perRound = rounds.get(scenario.name) ?? [];
    (perRound[round] ??= {})[server] = m;
    rounds.set(scenario.name, perRound);
  };

  try {
    const cpus = os.cpus();
    const { rows } = await admin.query("SHOW server_version");
    console.log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}`,
    );
    console.log(
      `node ${process.version}, PostgreSQL ${rows[0].server_version}, autocannon ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up`,
    );
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (other work on the machine skews both sides)`,
    );
    console.log(
      `products: ${PRODUCTS}, schema "${SCHEMA}" at ${URL_.replace(/\/\/[^@]*@/, "//")}, ${ROUNDS} paired rounds (each ratio: the median of the rounds' ratios)\n`,
    );

    await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
    if (COMPILED) {
      await buildServer(
        (message) =>
          console.log(`${message} (both servers compiled as production is; BENCH_TSX=1 runs them through tsx)\n`),
        {
          entryPoints: [...new Set(Object.values(SERVER_FILES))].map((file) => join(ROOT, file)),
          outdir: join(ROOT, COMPILED_DIR),
        },
      );
    }

    // Row by row, each server in turn in a fresh process, so both meet about the same machine
    // load (this box may be shared) and the same cold JIT. Which one goes first alternates from
    // row to row and round to round, so a drifting background load does not always hit the same
    // side. The very first run is the generated app's: it creates and migrates the schema.
    // Every run starts from the same 10,000 rows, with nothing of earlier runs left to clean up.
    for (let round = 0; round < ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`round ${round + 1} of ${ROUNDS}`);
      for (const [index, scenario] of measured.entries()) {
        const order: ServerName[] =
          (round + index) % 2 === 0 ? ["generated", "hand-written"] : ["hand-written", "generated"];
        for (const server of order) {
          if (seeded.length > 0) await resetState(admin);
          const { port, child } = await startServer(server, `${scenario.name}-${round + 1}`);
          if (seeded.length === 0) await seed(admin);
          await sample(port, server, scenario, admin);
          record(scenario, server, await measure(port, child, server, scenario), round);
          await stopServer(child);
        }
        checkSamples(scenario);
      }
    }
  } finally {
    await cleanup();
  }

  printTable(rounds);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function printTable(rounds: Map<string, Partial<Record<ServerName, Measure>>[]>) {
  // Per row: each side's median req/s and CPU µs per request, and the median of the rounds' own
  // ratios (generated / hand-written) with their range, lowest to highest. With PostgreSQL on this
  // machine, its CPU per request too, and the ratio of both together (server + PostgreSQL).
  const withDb = measured.every((s) =>
    (rounds.get(s.name) ?? []).every((r) => r.generated?.db !== undefined && r["hand-written"]?.db !== undefined),
  );
  const header = [
    "",
    `${LABEL.generated} req/s`,
    `${LABEL["hand-written"]} req/s`,
    "req/s ratio",
    "range",
    "CPU µs/req",
    "CPU ratio",
    "range",
    ...(withDb ? ["PostgreSQL µs/req", "both ratio", "range"] : []),
  ];
  // The audit log's cost is mostly PostgreSQL's (its entries' rows and indexes): against the
  // unaudited app the verdict reads both processes together, when they can be measured.
  const judgeBoth = UNAUDITED && withDb;
  const verdicts: { name: string; rps: number; cpu: number }[] = [];
  const lines = measured.map((s) => {
    const pairs = (rounds.get(s.name) ?? []).map((r) => ({ g: r.generated!, h: r["hand-written"]! }));
    const rpsRatios = pairs.map(({ g, h }) => g.rps / h.rps);
    const cpuRatios = pairs.map(({ g, h }) => g.cpu / h.cpu);
    const bothRatios = pairs.map(({ g, h }) => (g.cpu + (g.db ?? 0)) / (h.cpu + (h.db ?? 0)));
    const range = (ratios: number[]) => `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    verdicts.push({ name: s.name, rps: median(rpsRatios), cpu: median(judgeBoth ? bothRatios : cpuRatios) });
    return [
      s.name,
      median(pairs.map((p) => p.g.rps)).toFixed(0),
      median(pairs.map((p) => p.h.rps)).toFixed(0),
      median(rpsRatios).toFixed(2),
      range(rpsRatios),
      `${median(pairs.map((p) => p.g.cpu)).toFixed(0)} / ${median(pairs.map((p) => p.h.cpu)).toFixed(0)}`,
      median(cpuRatios).toFixed(2),
      range(cpuRatios),
      ...(withDb
        ? [
            `${median(pairs.map((p) => p.g.db!)).toFixed(0)} / ${median(pairs.map((p) => p.h.db!)).toFixed(0)}`,
            median(bothRatios).toFixed(2),
            range(bothRatios),
          ]
        : []),
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...lines].map((l) => l[i]!.length)));
  const format = (l: string[]) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const l of lines) console.log(format(l));
  // The hand-written update writes the row alone, where the app's keeps the record's version
  // history in the same transaction (docs/drafts.md, Versions): no like-for-like baseline, so the
  // update row is shown against it but judged only against the unaudited app (the audit's cost).
  const judgedRows = verdicts.filter((v) => UNAUDITED || v.name !== UPDATE.name);
  const low = UNAUDITED ? [] : judgedRows.filter((v) => v.rps < TARGET).map((v) => v.name);
  const costly = judgedRows.filter((v) => v.cpu > CPU_TARGET).map((v) => v.name);
  const judged = judgeBoth ? "server + PostgreSQL CPU ratio" : "CPU ratio";
  if (judgedRows.length < verdicts.length)
    console.log(`\n${UPDATE.name}: shown, not judged (the hand-written update keeps no versions)`);
  console.log(
    low.length === 0 && costly.length === 0
      ? `\nevery ${judgedRows.length < verdicts.length ? "other " : ""}median ${UNAUDITED ? "" : `req/s ratio ≥ ${TARGET} and `}${judged} ≤ ${CPU_TARGET}: target met`
      : `\n${[low.length ? `req/s ratio below ${TARGET} on: ${low.join(", ")}` : "", costly.length ? `${judged} above ${CPU_TARGET} on: ${costly.join(", ")}` : ""].filter(Boolean).join("; ")}: target NOT met`,
  );
  // The verdict is printed; exit 0 once the figures are out (an exit 1 only when measuring failed).
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

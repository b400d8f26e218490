// `npm run bench:instances`: a rolling restart behind a load balancer loses no request and no write.
// Three instances of the compiled server (`npm run build`, NODE_ENV=production), each its own
// process on its own loopback port, share one PostgreSQL database (a fresh "bench_instances" on
// BENCH_DATABASE_URL's server, default the local one, dropped at the end) and one SMTP peer that
// keeps every mail. A balancer in this process (scripts/lib/balancing-proxy.ts) sends the load
// round-robin to the instances its health checks find healthy. For INSTANCES_SECONDS (60) 16
// connections (INSTANCES_CONNECTIONS) send a mixed load through it (scripts/bench/instances-traffic.ts)
// while each instance in turn is stopped with SIGTERM, waited for and started again; during the
// second instance's drain one client address sends 3 × AUTH_RATE_LIMIT wrong sign-ins.
// Prints the requests per kind and instance, each restart's times, then checks the database
// directly (scripts/bench/instances-check.ts). Targets, each exiting 1 when missed (a reader can
// trust the zeros): no 5xx, no other unexpected answer, no request without an answer; no lost
// write (every create and update answered 2xx is in the database, whole) and no half-written one;
// every mail the answers call for received exactly once, none twice; the limit exact across the
// instances (AUTH_RATE_LIMIT let through, the rest 429); each instance exits 0 on SIGTERM and is
// back in the balancer. Everything it started is stopped, and the database dropped, on failure and
// on Ctrl-C too. Each instance sends mail as its own MAIL_FROM and names its database connections
// (application_name bench-instance-a, …), so a duplicate says which instances sent it. The first
// lines say what was built: the commit and any uncommitted change to the server's sources.
import { execFileSync } from "node:child_process";
import { machineLine } from "../lib/machine-line.js";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildWebIfChanged } from "../build-web.js";
import { buildServer, serverBundle } from "../build.js";
import { BalancingProxy, type BalancerEvent } from "../lib/balancing-proxy.js";
import { expectStatus } from "../lib/http-client.js";
import { createScratchDatabase, type ScratchDatabase } from "../lib/scratch-database.js";
import { startServerProcess, type LogLine, type ServerProcess } from "../lib/server-process.js";
import { SmtpPeer } from "../../tests/notification/smtp-peer.js";
import { checkAfter, waitForQueue } from "./instances-check.js";
import {
  AUTH,
  Ledger,
  MARKER,
  buildFixture,
  partNames,
  rateLimitProbe,
  runLoad,
  someAddress,
  type Outcome,
} from "./instances-traffic.js";
import { scenarioNames } from "./load-mix.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.INSTANCES_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.INSTANCES_CONNECTIONS ?? 16);
const NAMES = ["a", "b", "c"];
const SECRET = "bench-instances-secret";
const ADMIN = { login: `admin@${MARKER}.test`, password: "bench instances admin password" };
const OWNER = `owner@${MARKER}.test`;
const AUTH_RATE_LIMIT = 10;
/** The balancer's health check: every 250 ms, out at the first failure, back after 2 good ones. */
const CHECK = { checkEveryMs: 250, checkTimeoutMs: 2000, upAfter: 2 };
/** Longer than the balancer takes to see the 503 (one check interval and the check itself), with room for a busy machine. */
const SHUTDOWN_DELAY_SECONDS = 2;
const SHOPPERS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

/** Builds dist/server/main.js unless it is newer than every source file it is made of (and web/dist when web/ changed). */
async function buildIfNeeded() {
  await buildWebIfChanged();
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      if (entry.name === "node_modules" || entry.name === "dist") return latest;
      const path = join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }, 0);
  const sources = Math.max(...["app", "server", "engine", "common", "web"].map((dir) => newest(join(ROOT, dir))));
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs > sources)
    console.log("dist/server/main.js is newer than its sources: not rebuilt");
  else await buildServer();
  // What was built: the commit, and any file of the server's sources changed since (a shared
  // checkout may hold someone's work in progress, which the instances then run).
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trimEnd();
  const changed = git("status", "--porcelain", "--", "app", "server", "engine", "common", "web")
    .split("\n")
    .filter(Boolean);
  console.log(
    `source: ${git("rev-parse", "--short", "HEAD")}${changed.length ? ` with ${changed.length} uncommitted change(s): ${changed.map((l) => l.slice(3)).join(", ")}` : ", no uncommitted change"}`,
  );
}

interface Instance {
  name: string;
  port: number;
  server: ServerProcess;
  /** Log lines at level error or above, over every start of the instance. */
  errors: LogLine[];
}

interface Restart {
  name: string;
  /** When SIGTERM was sent, ms into the load. */
  sigterm: number;
  /** ms after SIGTERM: the balancer took it out, the process exited, it was ready again, the balancer took it back. */
  out?: number;
  exited: number;
  code: number | null;
  ready: number;
  /** The server's own ready time of the new start (process start → listening). */
  readyMs: number;
  back?: number;
  /** Answers it gave between SIGTERM and its exit (draining). */
  servedWhileDraining: number;
}

let cleanup: (() => Promise<void>) | undefined;
let interrupted = false;
// Ctrl-C reaches this process twice (the terminal's signal, and tsx passing it on): the handler
// stays for both, and the second changes nothing while the first one cleans up.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping the instances, the balancer and the SMTP peer, dropping the database`);
    void (cleanup?.() ?? Promise.resolve()).catch((error) => console.error(error)).finally(() => process.exit(130));
  });

async function main() {
  await buildIfNeeded();
  const database: ScratchDatabase = await createScratchDatabase(SERVER, "bench_instances");
  const dataDir = mkdtempSync(join(os.tmpdir(), "bench-instances-"));
  const smtp = await new SmtpPeer().start();
  const instances: Instance[] = [];
  let proxy: BalancingProxy | undefined;
  let loadRunning = true;
  let stopping: Promise<void> | undefined;
  cleanup = () =>
    (stopping ??= (async () => {
      loadRunning = false;
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.server.child.exitCode !== null || instance.server.child.signalCode !== null) return;
          instance.server.kill("SIGTERM");
          const timer = setTimeout(() => instance.server.kill("SIGKILL"), 30_000);
          await instance.server.exited;
          clearTimeout(timer);
        }),
      );
      await proxy?.stop();
      await smtp.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    })());

  try {
    const env = {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      JWT_SECRET: "bench-instances-jwt-secret-".padEnd(48, "x"),
      RBAC_SECRET_KEY: SECRET,
      ADMIN_EMAIL: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      SHOP_OWNER_EMAILS: OWNER,
      // One site address for every instance, as behind a balancer: links and Message-IDs name it.
      PUBLIC_URL: "http://shop.bench-instances.test",
      PAYMENT_DUMMY_ENABLED: "true",
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      // The balancer's hop (and the load's, which stands in for many clients): limits key on the
      // address before them in X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DELAY_SECONDS: String(SHUTDOWN_DELAY_SECONDS),
      SHUTDOWN_TIMEOUT_SECONDS: "20",
      LOG_LEVEL: "warn",
      SEED_DEMO_CONTENT: "true",
    };
    const start = async (name: string, port = 0, errors: LogLine[] = []): Promise<Instance> => {
      const server = await startServerProcess({
        entry: "compiled",
        // Each instance's mail names it as the sender (a mail that came twice says from where), and
        // its database connections say which instance they are (pg_stat_activity's application_name).
        env: {
          ...env,
          PORT: String(port),
          MAIL_FROM: `Instance ${name} <no-reply@${MARKER}.test>`,
          DATABASE_URL: `${database.url}?application_name=bench-instance-${name}`,
        },
        onLog: (line) => {
          if ((line.level ?? 0) >= 50) errors.push(line);
          if ((line.level ?? 0) >= 40)
            console.log(`  ${name}: ${line.msg}${line.err?.message ? `: ${line.err.message}` : ""}`);
        },
      });
      return { name, port: server.port, server, errors };
    };

    console.log(machineLine());
    // The first start migrates and writes the demo site; the other two find it done.
    instances.push(await start(NAMES[0]!));
    instances.push(...(await Promise.all(NAMES.slice(1).map((name) => start(name)))));
    proxy = new BalancingProxy(
      instances.map(({ name, port }) => ({ name, port })),
      CHECK,
    );
    const proxyUrl = await proxy.start();
    const balancer = proxy;
    console.log(
      `instances: ${instances.map((i) => `${i.name} on port ${i.port}`).join(", ")} (compiled, NODE_ENV=production, each its own process), ` +
        `database "${database.name}" on ${SERVER.replace(/\/\/[^@]*@/, "//")}`,
    );
    console.log(
      `balancer: port ${balancer.port}, round-robin; GET /api/health every ${CHECK.checkEveryMs} ms, out at the first failure, back after ${CHECK.upAfter} good checks; ` +
        "retries only a refused connection, or a reset before any answer byte of an idempotent method",
    );
    console.log(
      `settings: SHUTDOWN_DELAY_SECONDS=${SHUTDOWN_DELAY_SECONDS}, AUTH_RATE_LIMIT=${AUTH_RATE_LIMIT} (per client address; the load's requests each come from an address of its own, ` +
        `X-Forwarded-For with TRUST_PROXY=127.0.0.1), SMTP_URL ${smtp.url} (a peer here that keeps every mail), SHOP_OWNER_EMAILS=${OWNER}, PAYMENT_DUMMY_ENABLED=true, LOG_LEVEL=warn`,
    );

    const setupAddress = someAddress();
    const fx = await buildFixture(proxyUrl, SECRET, SHOPPERS);
    const adminJwt = (
      await expectStatus(200, proxyUrl, "POST", `${AUTH}/authentication`, {
        data: ADMIN,
        headers: { "x-forwarded-for": setupAddress },
      })
    ).data.jwt as string;
    console.log(
      `fixture: ${fx.pages.length} pages, ${fx.products.length} products, ${fx.articles.length} articles, ${fx.shoppers.length} shoppers signed up, the admin signed in`,
    );
    console.log(
      `load: ${CONNECTIONS} connections for ${SECONDS} s (longer if the restarts take longer): ${partNames.join(", ")}; ` +
        `bench:load's mix is ${scenarioNames().join(", ")}\n`,
    );

    const ledger = new Ledger();
    const events: BalancerEvent[] = [];
    balancer.onEvent = (event) => events.push(event);
    const loadStarted = now();
    const loadStartedAt = Date.now();
    const load = runLoad({ baseUrl: proxyUrl, fx, adminJwt, ledger }, CONNECTIONS, () => loadRunning && !interrupted);

    // The rolling restart: each instance in turn, 5 s into the load and 3 s after the one before is back.
    const restarts: Restart[] = [];
    let probe: ReturnType<typeof rateLimitProbe> | undefined;
    const probeAddress = "203.0.113.77";
    const probeAttempts = 3 * AUTH_RATE_LIMIT;
    await sleep(5000);
    for (const [index, instance] of instances.entries()) {
      if (interrupted) break;
      const sigterm = now();
      const servedBefore = balancer.stats.served.get(instance.name) ?? 0;
      instance.server.kill("SIGTERM");
      if (index === 1) probe = rateLimitProbe(proxyUrl, fx.shoppers[0]!.login, probeAddress, probeAttempts);
      const { code } = await instance.server.exited;
      const exited = now() - sigterm;
      const servedWhileDraining = (balancer.stats.served.get(instance.name) ?? 0) - servedBefore;
      const restarted = await start(instance.name, instance.port, instance.errors);
      instance.server = restarted.server;
      const ready = now() - sigterm;
      const deadline = now() + 30_000;
      while (!balancer.isHealthy(instance.name) && now() < deadline) await sleep(50);
      const out = events.find((e) => e.instance === instance.name && e.what === "down" && e.at >= sigterm);
      const back = events.find((e) => e.instance === instance.name && e.what === "up" && e.at >= sigterm);
      restarts.push({
        name: instance.name,
        sigterm: sigterm - loadStarted,
        out: out && out.at - sigterm,
        exited,
        code,
        ready,
        readyMs: restarted.server.readyMs,
        back: back && back.at - sigterm,
        servedWhileDraining,
      });
      console.log(
        `  ${instance.name} restarted: SIGTERM ${((sigterm - loadStarted) / 1000).toFixed(1)} s into the load, ` +
          `back in the balancer ${back ? `${((back.at - sigterm) / 1000).toFixed(1)} s later` : "never"}`,
      );
      await sleep(3000);
    }
    const remaining = SECONDS * 1000 - (now() - loadStarted);
    if (remaining > 0) await sleep(remaining);
    loadRunning = false;
    await load;
    const loadSeconds = (now() - loadStarted) / 1000;
    const probeAnswers = (await probe) ?? [];

    // Afterwards: the queue finishes the mails the load called for, then the database is read directly.
    const client = new pg.Client({ connectionString: database.url });
    client.on("error", () => {});
    await client.connect();
    let report: Awaited<ReturnType<typeof checkAfter>>;
    try {
      await waitForQueue(client, () => smtp.received.length, 60_000);
      // A mail sent twice would come a moment after the first: give it the time to.
      await sleep(2000);
      report = await checkAfter(client, ledger, smtp.received, loadStartedAt);
    } finally {
      await client.end();
    }

    // ---------------------------------------------------------------- report
    const sum = (counts: Map<Outcome, number> | undefined, match: (o: Outcome) => boolean) =>
      [...(counts ?? [])].reduce((n, [o, c]) => n + (match(o) ? c : 0), 0);
    const all = [...ledger.tally.values()];
    const total = all.reduce((n, counts) => n + sum(counts, () => true), 0);
    const fiveXX = all.reduce((n, counts) => n + sum(counts, (o) => o !== "error" && o >= 500), 0);
    const noAnswer = all.reduce((n, counts) => n + sum(counts, (o) => o === "error"), 0);
    const otherUnexpected = [...ledger.unexpected].filter(([key]) => !/ (5\d\d|error)( |$)/.test(key));
    console.log(
      `\nrequests: ${total} in ${loadSeconds.toFixed(0)} s (${(total / loadSeconds).toFixed(0)} req/s) through the balancer, answered by ` +
        `${[...ledger.servedBy].map(([name, n]) => `${name} ${n}`).join(", ")}; the rate-limit probe's ${probeAnswers.length} besides`,
    );
    console.log("per kind (status: answers)");
    for (const [kind, counts] of [...ledger.tally].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`  ${kind.padEnd(38)} ${[...counts].map(([s, n]) => `${s}: ${n}`).join(", ")}`);
    const stats = balancer.stats;
    console.log(
      `balancer: retried ${[...stats.retries].map(([why, n]) => `${n} (${why})`).join(", ") || "none"}; ` +
        `its own answers ${[...stats.ownAnswers].map(([why, n]) => `${n} × ${why}`).join(", ") || "none"}; answers cut mid-way ${stats.cutAnswers}`,
    );
    console.log(`5xx: ${fiveXX} (target 0); no answer at all: ${noAnswer} (target 0)`);
    console.log(
      otherUnexpected.length
        ? "other unexpected answers (target none):"
        : "other unexpected answers: none (target none)",
    );
    for (const [key, { count, sample }] of ledger.unexpected) console.log(`  ${key}: ${count} × ${sample}`);

    console.log("\nrestarts (ms after each SIGTERM; the new start's own ready time in brackets):");
    for (const r of restarts)
      console.log(
        `  ${r.name} (SIGTERM ${(r.sigterm / 1000).toFixed(1)} s into the load): out of the balancer +${r.out === undefined ? "never" : Math.round(r.out)}, ${r.servedWhileDraining} answers while draining, ` +
          `exited +${Math.round(r.exited)} (code ${r.code}), ready +${Math.round(r.ready)} (${r.readyMs}), back in the balancer +${r.back === undefined ? "never" : Math.round(r.back)}`,
      );

    const lost = report.findings.filter((f) => f.kind === "lost");
    const half = report.findings.filter((f) => f.kind === "half");
    console.log(
      `\nlost writes: ${lost.length} (target 0); half-written: ${half.length} (target 0). Checked in the database:`,
    );
    for (const line of report.checked) console.log(`  ${line}`);
    if (report.uncertain.length)
      console.log(`  writes whose answer never came (either state is right): ${report.uncertain.join("; ")}`);
    const m = report.mails;
    console.log(
      `mails: ${m.received} received, ${m.expected} called for by the answers (${[...m.byTemplate].map(([t, n]) => `${t} ${n}`).join(", ")}); ` +
        `duplicates ${m.duplicates} (target 0), missing ${m.missing} (target 0); queue: ${report.queue.jobsRunTwice} jobs run more than once, ` +
        `${report.queue.jobsNotDone} not done, ${report.queue.notificationsNotSent.length} notifications not sent, ${report.queue.sentAfterRetry} sent after a retry`,
    );
    for (const finding of report.findings) console.log(`  ${finding.kind}: ${finding.text}`);

    const limited = probeAnswers.filter((a) => a.outcome === 429).length;
    const through = probeAnswers.filter((a) => a.outcome === 401).length;
    const strays = probeAnswers.length - limited - through;
    const perInstance = new Map<string, string[]>();
    for (const a of probeAnswers) {
      const name = a.servedBy ?? "no answer";
      perInstance.set(name, [...(perInstance.get(name) ?? []), String(a.outcome)]);
    }
    const exact = through === AUTH_RATE_LIMIT && limited === probeAttempts - AUTH_RATE_LIMIT && strays === 0;
    console.log(
      `rate limit: ${probeAnswers.length} wrong sign-ins from ${probeAddress} during ${NAMES[1]}'s restart, AUTH_RATE_LIMIT=${AUTH_RATE_LIMIT}: ` +
        `${through} let through (401), ${limited} refused (429), ${strays} other; ${exact ? "exact" : "NOT exact"} (target ${AUTH_RATE_LIMIT} and ${probeAttempts - AUTH_RATE_LIMIT}); ` +
        `per instance: ${[...perInstance].map(([name, answers]) => `${name} ${answers.filter((s) => s === "401").length}×401 ${answers.filter((s) => s === "429").length}×429`).join(", ")}`,
    );
    const errorLines = instances.flatMap((i) => i.errors.map((line) => `${i.name}: ${line.msg}`));
    console.log(`errors logged by the instances: ${errorLines.length}`);

    const failures = [
      ...(fiveXX ? [`${fiveXX} 5xx`] : []),
      ...(noAnswer ? [`${noAnswer} requests without an answer`] : []),
      ...(otherUnexpected.length ? ["unexpected answers"] : []),
      ...(lost.length ? [`${lost.length} lost writes`] : []),
      ...(half.length ? [`${half.length} half-written`] : []),
      ...(m.duplicates || report.findings.some((f) => f.kind === "duplicate") ? ["duplicates"] : []),
      ...(report.findings.some((f) => f.kind === "missing mail" || f.kind === "queue")
        ? ["mail not delivered once"]
        : []),
      ...(exact ? [] : ["rate limit not exact"]),
      ...(restarts.length === instances.length && restarts.every((r) => r.code === 0 && r.back !== undefined)
        ? []
        : ["an instance did not stop with 0 or come back"]),
      ...(errorLines.length ? ["errors in the instances' logs"] : []),
    ];
    console.log(
      failures.length
        ? `\ntargets NOT met: ${failures.join(", ")}`
        : "\nno 5xx, no lost or half-written write, every mail once, the limit exact, every instance back: targets met",
    );
    if (failures.length) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}

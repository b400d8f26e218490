// The cold render of the 50-widget page, old code and new side by side in one run:
// the baseline commit (BENCH_BASELINE, default d6d77b1) is unpacked with `git archive` into a
// temporary folder sharing this checkout's node_modules; each side runs the same child script
// (site-render-child.ts) in a process of its own, on a schema of its own, with NODE_ENV=production;
// the parent alternates batches of cold renders between them so machine load hits both alike.
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHILD = "scripts/bench/site-render-child.ts";

export interface CompareOptions {
  baseline: string;
  databaseUrl: string;
  /** Alternating rounds; each renders `batch` pages cold on each side. */
  rounds: number;
  batch: number;
  warmup: number;
}

interface Side {
  name: string;
  child: ChildProcess;
  times: number[];
  bytes: number;
}

function startChild(name: string, dir: string, schema: string, databaseUrl: string): Promise<Side> {
  const child = fork(join(dir, CHILD), [], {
    cwd: dir,
    execArgv: ["--import", "tsx"],
    env: { ...process.env, NODE_ENV: "production", BENCH_SCHEMA: schema, BENCH_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve({ name, child, times: [], bytes: 0 }));
    child.once("exit", (code) => reject(new Error(`${name} server exited (${code}) before it was ready`)));
  });
}

function render(side: Side, count: number): Promise<{ times: number[]; bytes: number }> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${side.name} server exited (${code})`));
    side.child.once("exit", onExit);
    side.child.once("message", (answer: { times: number[]; bytes: number }) => {
      side.child.off("exit", onExit);
      resolve(answer);
    });
    side.child.send({ render: count });
  });
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Unpacks the baseline, starts both sides, alternates, prints means and the ratio; returns the ratio of means. */
export async function compareColdRender(options: CompareOptions): Promise<number> {
  const dir = mkdtempSync(join(os.tmpdir(), "bench-site-baseline-"));
  const sides: Side[] = [];
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", options.baseline], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
    execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C "${dir}"`], { cwd: ROOT });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    mkdirSync(join(dir, "scripts", "bench"), { recursive: true });
    copyFileSync(join(ROOT, CHILD), join(dir, CHILD));
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim()
      ? " + uncommitted changes"
      : "";
    console.log(
      `cold render of the 50-widget page, old and new side by side: baseline ${commit} vs this checkout (${head}${dirty})`,
    );
    console.log(
      `${options.rounds} alternating rounds of ${options.batch} cold renders per side after ${options.warmup} warm-up renders, over HTTP, NODE_ENV=production\n`,
    );
    sides.push(await startChild(`baseline ${commit}`, dir, "bench_site_old", options.databaseUrl));
    sides.push(await startChild("new", ROOT, "bench_site_new", options.databaseUrl));
    for (const side of sides) await render(side, options.warmup);
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which side goes first, so neither always follows the other's garbage.
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const { times, bytes } = await render(side, options.batch);
        side.times.push(...times);
        side.bytes = bytes;
      }
    }
    for (const side of sides) {
      console.log(
        `  ${side.name.padEnd(18)} mean ${mean(side.times).toFixed(1).padStart(6)} ms  median ${median(side.times).toFixed(1).padStart(6)} ms  min ${Math.min(
          ...side.times,
        )
          .toFixed(1)
          .padStart(6)} ms  ${side.times.length} renders  ${(side.bytes / 1024).toFixed(1)} KiB of HTML`,
      );
    }
    const ratio = mean(sides[0]!.times) / mean(sides[1]!.times);
    console.log(
      `\nold / new: ${ratio.toFixed(2)}× faster by mean, ${(median(sides[0]!.times) / median(sides[1]!.times)).toFixed(2)}× by median (target: 2×) → ${ratio >= 2 ? "target met" : "NOT met"}\n`,
    );
    return ratio;
  } finally {
    await Promise.all(
      sides.map(
        (side) =>
          new Promise((resolve) => {
            side.child.once("exit", resolve);
            side.child.send({ stop: true });
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  }
}

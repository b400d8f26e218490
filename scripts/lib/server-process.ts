import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// A server outliving the test or benchmark that started it (one that failed half-way) would keep
// its port and, once nobody reads its output, block on its next log line: gone when we go.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** One JSON log line of the server (LOG_FORMAT=json). */
export type LogLine = Record<string, any> & { msg?: string; level?: number };

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** What the server said it took to be ready (ms since its process started). */
  readyMs: number;
  /** Wall time from spawn to the ready line, measured here. */
  spawnToReadyMs: number;
  /** Every log line so far, parsed; lines that are not JSON are kept as `{ msg: text }`. */
  logs: LogLine[];
  /** Resolves with the first log line (already seen or to come) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

export interface StartOptions {
  /** "source": app/main.ts through tsx (development); "compiled": dist/server/main.js (npm run build). */
  entry?: "source" | "compiled";
  /** Settings on top of this process's environment; PORT defaults to 0 (a free port), LOG_FORMAT to json. */
  env?: Record<string, string | undefined>;
  /** Extra node flags, e.g. a --import of a probe. */
  nodeArgs?: string[];
  startTimeoutMs?: number;
  /** Called with each log line as it comes (printing, counting). */
  onLog?: (line: LogLine) => void;
}

/**
 * Starts the real server in a process of its own and resolves once it logs "ready" (listening,
 * every route registered), with the port it chose. Tests and benchmarks use it to do what only a
 * separate process shows: signals, SIGKILL, memory, the compiled start.
 */
export function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const entry = options.entry === "compiled" ? ["dist/server/main.js"] : ["--import", "tsx", "app/main.ts"];
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_FORMAT: "json", ...options.env },
    // The IPC channel carries the ready message (port, readyMs), whatever the log level.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const logs: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const take = (text: string) => {
    for (const raw of text.split("\n")) {
      if (!raw.trim()) continue;
      let line: LogLine;
      try {
        line = JSON.parse(raw);
      } catch {
        line = { msg: raw };
      }
      logs.push(line);
      options.onLog?.(line);
      for (const waiter of waiters) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  };
  // Lines may arrive split across chunks: keep the unfinished tail for the next one.
  for (const stream of [child.stdout!, child.stderr!]) {
    let tail = "";
    stream.setEncoding("utf8").on("data", (chunk: string) => {
      const text = tail + chunk;
      const end = text.lastIndexOf("\n");
      tail = end < 0 ? text : text.slice(end + 1);
      if (end >= 0) take(text.slice(0, end));
    });
    stream.on("end", () => tail && take(tail));
  }

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 60_000) => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(
            `no matching server log line within ${timeoutMs} ms; last lines:\n${logs
              .slice(-10)
              .map((l) => JSON.stringify(l))
              .join("\n")}`,
          ),
        );
      }, timeoutMs);
      const waiter = { match, resolve: (line: LogLine) => (clearTimeout(timer), resolve(line)) };
      waiters.add(waiter);
    });
  };

  return new Promise((resolve, reject) => {
    void exited.then(({ code, signal }) =>
      reject(
        new Error(
          `the server exited during start-up (code ${code}, signal ${signal}):\n${logs.map((l) => l.msg ?? JSON.stringify(l)).join("\n")}`,
        ),
      ),
    );
    const timeoutMs = options.startTimeoutMs ?? 120_000;
    const readyMessage = new Promise<{ port: number; readyMs: number }>((ready, fail) => {
      const timer = setTimeout(
        () =>
          fail(
            new Error(
              `the server was not ready within ${timeoutMs} ms:\n${logs
                .slice(-10)
                .map((l) => l.msg ?? JSON.stringify(l))
                .join("\n")}`,
            ),
          ),
        timeoutMs,
      );
      child.on("message", (message: any) => {
        if (message?.type !== "ready") return;
        clearTimeout(timer);
        ready(message);
      });
    });
    readyMessage.then(
      (ready) =>
        resolve({
          child,
          pid: child.pid!,
          port: ready.port,
          url: `http://127.0.0.1:${ready.port}`,
          readyMs: ready.readyMs,
          spawnToReadyMs: performance.now() - started,
          logs,
          waitForLog,
          exited,
          kill: (signal) => void child.kill(signal),
        }),
      (error) => {
        child.kill("SIGKILL");
        reject(error);
      },
    );
  });
}

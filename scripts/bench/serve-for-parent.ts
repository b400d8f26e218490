import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { writeHeapSnapshot } from "node:v8";

/**
 * Runs a benchmark server as crud.ts's child: reports its port, answers CPU-time requests
 * (CPU per request is steadier than req/s alone when other work shares the machine), and
 * stops with the parent, on a signal or when the parent goes away.
 */
export async function serveForParent(app: FastifyInstance, release: () => Promise<void>) {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
  const heapProfile = await promotedHeapProfile(process.env.BENCH_HEAP_PROF);
  const stop = async () => {
    await heapProfile?.();
    await app.close();
    await release();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage(), syscalls: readsAndWrites() });
    // BENCH_HEAP_SNAPSHOT (crud.ts): a heap snapshot in the middle of a measured run, to see what holds memory under load.
    if (typeof message === "object" && message && "heapSnapshot" in message)
      writeHeapSnapshot(String(message.heapSnapshot));
  });
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : Number(process.env.PORT) });
}

/**
 * BENCH_HEAP_PROF=<file>: samples allocations from here on and, at stop, writes those that lived
 * past a young-generation collection (the ones a minor GC did not free: promoted, then freed by a
 * major GC or still alive), as a .heapprofile. What a request keeps alive long enough to be
 * promoted is what makes scavenges slow. With BENCH_HEAP_ALL=1 it keeps every allocation sampled,
 * the short-lived ones too: what a request allocates in all, by function.
 */
async function promotedHeapProfile(file: string | undefined) {
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_ALL === "1",
  });
  return async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    await writeFile(file, JSON.stringify(profile));
  };
}

/**
 * The read and write system calls this process made so far (Linux's /proc/self/io; 0 elsewhere).
 * On loopback a socket write also runs the receiver's side of TCP, so each round trip to the
 * database or the client is a large part of a request's CPU here.
 */
function readsAndWrites(): number {
  try {
    const io = readFileSync("/proc/self/io", "utf8");
    return Number(/syscr: (\d+)/.exec(io)?.[1] ?? 0) + Number(/syscw: (\d+)/.exec(io)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

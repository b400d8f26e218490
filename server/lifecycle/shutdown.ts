import type { FastifyInstance } from "fastify";
import { setTimeout as sleep } from "node:timers/promises";

export interface ShutdownSettings {
  shutdownTimeoutSeconds: number;
  shutdownDelaySeconds: number;
}

/**
 * Stops the server cleanly on SIGTERM (or Ctrl-C): /api/health answers 503 at once; after
 * SHUTDOWN_DELAY_SECONDS (time for a load balancer to notice) the listener closes, the requests
 * in flight finish (each answer closes its connection), then the app closes: background work
 * settles, mail is flushed, LISTEN stops, the database closes. Past SHUTDOWN_TIMEOUT_SECONDS it
 * exits anyway with code 1: a transaction cut short is rolled back by the database, never half
 * applied. A second signal exits at once.
 */
export function stopOnSignals(
  app: FastifyInstance,
  settings: ShutdownSettings,
  exit: (code: number) => void = process.exit,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      return exit(1);
    }
    stopping = true;
    const { lifecycle } = app;
    lifecycle.draining = true;
    app.log.info(
      { signal, inFlight: lifecycle.inFlight },
      `${signal}: shutting down, ${lifecycle.inFlight} request(s) in flight; /api/health answers 503`,
    );
    if (settings.shutdownDelaySeconds > 0) await sleep(settings.shutdownDelaySeconds * 1000);

    const started = Date.now();
    const timer = setTimeout(() => {
      app.log.error(
        { inFlight: lifecycle.inFlight },
        `shutdown took over ${settings.shutdownTimeoutSeconds} s: exiting with ${lifecycle.inFlight} request(s) unfinished`,
      );
      exit(1);
    }, settings.shutdownTimeoutSeconds * 1000);
    timer.unref();

    lifecycle.closing = true;
    // Open event streams never finish by themselves: ended here, their clients connect again elsewhere.
    lifecycle.streams.endAll();
    // No new connections from here; idle kept-alive ones are closed now, busy ones after their
    // answer has been written out (so exiting cannot cut an answer short).
    const connectionsClosed = new Promise<void>((resolve) => app.server.close(() => resolve()));
    while (lifecycle.inFlight > 0) await sleep(20);
    await connectionsClosed;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      return exit(1);
    }
    clearTimeout(timer);
    app.log.info(`stopped in ${Date.now() - started} ms: requests answered, background work done, database closed`);
    exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));
}

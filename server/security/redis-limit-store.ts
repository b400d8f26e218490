import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

/** A Redis that has not answered the connection by then stops the start (a wrong REDIS_URL, say). */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a limited request waits for its count. Redis answers in well under a millisecond; one
 * that stopped answering without closing the connection costs each limited request this much.
 */
const COMMAND_TIMEOUT_MS = 1_000;
/** Reconnect soon after an outage (counting resumes with the connection), never more than 2 s apart. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2_000);

/**
 * The rate-limit plugin's options to count in Redis (REDIS_URL), through the plugin's own Redis
 * store: every instance using that Redis shares each limit, whatever the database. Its keys are
 * `{REDIS_KEY_PREFIX}rate-limit:`, then the route's method and path, then the client's address,
 * so each route is counted apart.
 *
 * Redis must answer at start: a wrong REDIS_URL stops the start rather than leaving the limits
 * uncounted. Once running, a Redis that stops answering does not hold requests up: its commands
 * fail at once (no offline queue) or after COMMAND_TIMEOUT_MS, and the limited requests go through
 * uncounted (`skipOnError`) until it answers again, rather than every sign-in failing with it.
 * The log says when counting stops and when it starts again (docs/security.md).
 */
export async function redisLimitStore(app: FastifyInstance, url: string, keyPrefix: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A connection that gets no answer that long is dropped and made again: a hung Redis is then
    // an outage like any other, logged, and not waited on by every request until it is back.
    socketTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    // A count sent as the connection dropped belongs to a request already answered uncounted:
    // sent again after the reconnect, it would count against the client later instead.
    autoResendUnfulfilledCommands: false,
    retryStrategy: reconnectDelay,
  });
  const where = `${redis.options.host}:${redis.options.port}`;
  const failures: Error[] = [];
  const remember = (error: Error) => failures.push(error);
  redis.on("error", remember);
  try {
    await redis.connect();
  } catch (error) {
    // It would go on reconnecting, and keep the process alive, with nobody to use it.
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis at ${where} does not answer (${(failures[0] ?? (error as Error)).message})`);
  }
  redis.off("error", remember);
  logOutages(app, redis, where);
  app.addHook("onClose", async () => redis.disconnect());
  return { redis, nameSpace: `${keyPrefix}rate-limit:`, skipOnError: true };
}

/**
 * One error line when the connection is lost and one info line when it is back: ioredis reports
 * an error on every reconnect attempt, and an outage of minutes would fill the log with them.
 * A lost connection shows first as an error (a reset) or as a reconnect (a server that closed it).
 */
function logOutages(app: FastifyInstance, redis: Redis, where: string) {
  let down = false;
  const lost = (error?: Error) => {
    if (down) return;
    down = true;
    app.log.error(
      error ? { err: { message: error.message } } : {},
      `Redis at ${where} does not answer: request limits are not counted until it does`,
    );
  };
  redis.on("error", (error: Error) => lost(error));
  redis.on("reconnecting", () => lost());
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    app.log.info(`Redis at ${where} answers again: request limits are counted again`);
  });
}

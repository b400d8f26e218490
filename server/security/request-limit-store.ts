import type { FastifyInstance } from "fastify";
import type { Database } from "../../engine/db/open-database.js";
import type { Config } from "../config.js";
import { sharedLimitStore } from "./database-rate-limit-store.js";
import { redisLimitStore } from "./redis-limit-store.js";

/**
 * Where the request limits are counted (the rate-limit plugin's store options): in Redis when
 * REDIS_URL is set, whatever the database; else in the database on a PostgreSQL server, so that
 * instances sharing it share each limit; else in memory (the embedded database is one instance).
 */
export function requestLimitStore(app: FastifyInstance, database: Database, config: Config) {
  return config.redisUrl
    ? redisLimitStore(app, config.redisUrl, config.redisKeyPrefix)
    : sharedLimitStore(app, database);
}

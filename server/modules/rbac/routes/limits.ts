import type { RouteShorthandOptions } from "fastify";
import type { Config } from "../../../config.js";

/** Sign-in style routes: a small body and a per-address rate limit (never keyed by the body). */
export const authRouteOptions = (config: Config): RouteShorthandOptions => ({
  bodyLimit: 16 * 1024,
  config: { rateLimit: { max: config.authRateLimit, timeWindow: 60_000 } },
});

import type { RouteShorthandOptions } from "fastify";
import type { Config } from "../../../config.js";
import type { RouteDocs } from "../../../plugins/route-docs.js";

type Docs = Omit<RouteDocs, "tag">;

/** A documented rbac route (listed in /api/docs under "rbac"). */
export const documented = (docs: Docs): RouteShorthandOptions => ({ config: { docs: { tag: "rbac", ...docs } } });

/** Sign-in style routes: documented, a small body and a per-address rate limit (never keyed by the body). */
export const authRouteOptions = (config: Config, docs: Docs): RouteShorthandOptions => ({
  bodyLimit: 16 * 1024,
  config: { rateLimit: { max: config.authRateLimit, timeWindow: 60_000 }, docs: { tag: "rbac", ...docs } },
});

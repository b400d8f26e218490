import type { Config } from "../../../config.js";

/** A documented rbac route (listed in /api/docs under "rbac"). */
export const RBAC = { tag: "rbac" } as const;

/** Sign-in style routes: a small body and a per-address rate limit (never keyed by the body). */
export const authRoute = (config: Config) => ({
  tag: "rbac",
  bodyLimit: 16 * 1024,
  rateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
});

-- 0032_rate_limit_windows: written by hand (an unlogged table, which schemas/ cannot say), not by `npm run generate`
-- The request limits (sign-in, sign-up, password reset, refresh, search, …) of the instances that
-- share one PostgreSQL database are counted here, so that a limit holds across all of them
-- (server/security/database-rate-limit-store.ts): one row per route and client with the hits of its
-- current window and when the window ends. Unlogged: it writes no WAL, and a crash may only lose
-- the counts (the windows start again). The embedded database (one instance) counts in memory.

CREATE UNLOGGED TABLE "rate_limit_windows" (
  "key" text NOT NULL,
  "hits" integer NOT NULL,
  "endsAt" timestamptz NOT NULL,
  CONSTRAINT "rate_limit_windows_pkey" PRIMARY KEY ("key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_endsAt_idx" ON "rate_limit_windows" ("endsAt");

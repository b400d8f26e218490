// The generated app as `npm start` would run it, on the benchmark's PostgreSQL schema.
// Started by crud.ts in a child process of its own; reports its port back over IPC.
// As app/main.ts: the production heap settings before anything else.
import "../../server/lifecycle/heap-tuning.js";
import { openDatabase } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";
import { serveForParent } from "./serve-for-parent.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = process.env.BENCH_SCHEMA ?? "bench_crud";

// openDatabase creates the schema and points the pool's search_path at it; composeApp migrates it.
const database = await openDatabase({ url, schema, poolSize: 10 });
const config = {
  ...configFromEnv({}),
  databaseUrl: url,
  rbacSecretKey: process.env.BENCH_SECRET ?? "bench-secret",
  logLevel: "silent",
};
// BENCH_AUDIT=off: the app without its audit log, the baseline of BENCH_BASELINE=unaudited (crud.ts).
const app = await composeApp(config, {
  database,
  logger: false,
  ...(process.env.BENCH_AUDIT === "off" ? { audit: false as const } : {}),
});
await serveForParent(app, () => database.close());

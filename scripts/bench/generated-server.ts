// The generated app as `npm start` would run it, on the benchmark's PostgreSQL schema.
// Started by crud.ts in a child process of its own; reports its port back over IPC.
import { openDatabase } from "../../engine/db/open-database.js";
import { buildApp } from "../../server/app.js";
import { configFromEnv } from "../../server/config.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = process.env.BENCH_SCHEMA ?? "bench_crud";

// openDatabase creates the schema and points the pool's search_path at it; buildApp migrates it.
const database = await openDatabase({ url, schema, poolSize: 10 });
const config = {
  ...configFromEnv({}),
  databaseUrl: url,
  rbacSecretKey: process.env.BENCH_SECRET ?? "bench-secret",
  logLevel: "silent",
};
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The parent went away (crashed or killed): do not outlive it.
process.on("disconnect", stop);
// The parent asks for this process's CPU time around each measured run: CPU per request is a
// steadier comparison than req/s alone when other work shares the machine.
process.on("message", (message) => message === "cpu" && process.send?.({ cpu: process.cpuUsage() }));
const address = app.server.address();
process.send?.({ port: typeof address === "object" && address ? address.port : Number(process.env.PORT) });

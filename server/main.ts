import { buildApp } from "./app.js";
import { configFromEnv } from "./config.js";

const config = configFromEnv();
try {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
} catch (error) {
  // Start-up failures (a bad schema file, a refused migration) say what and where, without a stack.
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
}

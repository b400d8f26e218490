// The process's entry (`npm start`; compiled to dist/server/main.js by `npm run build`): the
// composition root, above server/ and web/, builds the server with the site's renderer.
// First: V8 settings that must hold before anything is allocated for the app.
import "../server/lifecycle/heap-tuning.js";
import { performance } from "node:perf_hooks";
import { composeApp } from "./compose-app.js";
import { configFromEnv } from "../server/config.js";
import { stopOnSignals } from "../server/lifecycle/shutdown.js";
import { startAddresses } from "../server/start-addresses.js";

const config = configFromEnv();
try {
  const app = await composeApp(config);
  stopOnSignals(app, config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // Time since the process started (performance's origin): module loading, schemas, migrations, routes.
  const readyMs = Math.round(performance.now());
  app.log.info(
    { readyMs, port, database: app.database.dialect, models: app.registry.models.length },
    `ready in ${readyMs} ms on port ${port}`,
  );
  const addresses = startAddresses(config.host, port);
  app.log.info(
    { addresses },
    `open ${addresses.site} (the site), ${addresses.admin} (the admin), ${addresses.docs} (the API reference)`,
  );
  const setupCode = app.rbac.firstAdmin.setupCode;
  // Only this log shows the code: whoever reads it owns the server, so nobody else on the network can take /admin first.
  if (setupCode)
    app.log.warn(
      { setupCode },
      `no administrator yet: open ${addresses.admin} and enter the setup code ${setupCode} (or see docs/security.md "Accounts and permissions")`,
    );
  // A parent that started this process with an IPC channel (a test, a benchmark, a supervisor)
  // learns the port (PORT=0 picks a free one) whatever the log level; the channel holds nothing open.
  if (process.send) {
    process.send({ type: "ready", port, readyMs });
    process.channel?.unref();
  }
} catch (error) {
  // Start-up failures (a bad schema file, a refused migration) say what and where, without a stack.
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
}

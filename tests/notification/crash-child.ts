// A separate server process for the crash test: it opens the test's database, starts the
// notification queue with a short lease, and delivers until the test kills it (SIGKILL).
import { openDatabase } from "../../engine/db/open-database.js";
import { composeApp } from "../../app/compose-app.js";
import { configFromEnv } from "../../server/config.js";

const env = process.env;
const database = await openDatabase(
  env.CRASH_DB_URL
    ? { url: env.CRASH_DB_URL, schema: env.CRASH_DB_SCHEMA, poolSize: 2 }
    : { dataDir: env.CRASH_PGLITE_DIR },
);
const defaults = configFromEnv({});
const app = await composeApp(
  {
    ...defaults,
    logLevel: "silent",
    seedDemoContent: false,
    smtpUrl: env.SMTP_URL,
    publicUrl: "https://shop.example.com",
    dataDir: env.CRASH_FILES_DIR!,
    notifications: { ...defaults.notifications, pollMs: 50, leaseSeconds: 1 },
  },
  { database, logger: false },
);
await app.ready();
process.stdout.write("ready\n");
// Runs until killed.
setInterval(() => {}, 1000);

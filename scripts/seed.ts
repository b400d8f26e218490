// `npm run seed`: writes the demo site (server/seed/) into the database `npm start` uses, unless
// it already has hosted pages. With the embedded database, stop the server first (PGlite allows
// one process per data folder).
import { composeApp } from "../app/compose-app.js";
import { configFromEnv } from "../server/config.js";
import { seedDemoContentIfEmpty } from "../server/seed/seed-demo.js";

// The app is built without seeding, so this script is the one to say what happened.
const app = await composeApp({ ...configFromEnv(), seedDemoContent: false, logLevel: "warn" });
try {
  const seeded = await seedDemoContentIfEmpty(app);
  console.log(
    seeded ? `demo content written: ${seeded.pages} pages` : "the database already has hosted pages: nothing written",
  );
} catch (error) {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await app.close();
}

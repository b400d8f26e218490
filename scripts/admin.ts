// `npm run admin -- create <email> [--password <password>]`: creates the admin account, or gives an
// existing account the admin role and the new password. The password comes from --password, else
// ADMIN_PASSWORD, else a random one printed once. Uses the same settings as `npm start`
// (DATA_DIR or DATABASE_URL); with the embedded database, stop the server first (PGlite allows
// one process per data folder).
import { randomBytes } from "node:crypto";
import { composeApp } from "../app/compose-app.js";
import { configFromEnv } from "../server/config.js";

const [command, email, ...rest] = process.argv.slice(2);
const flag = rest.indexOf("--password");
const given = flag >= 0 ? rest[flag + 1] : process.env.ADMIN_PASSWORD || undefined;

if (command !== "create" || !email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("usage: npm run admin -- create <email> [--password <password>]");
  process.exit(2);
}
if (given !== undefined && given.length < 8) {
  console.error("the password must be at least 8 characters");
  process.exit(2);
}

const password = given ?? randomBytes(12).toString("base64url");
const app = await composeApp({ ...configFromEnv(), logLevel: "warn" });
try {
  const { created } = await app.rbac.accounts.ensureAdmin(email, password);
  console.log(`${created ? "created" : "updated"} admin ${email}`);
  if (given === undefined) console.log(`password: ${password}`);
} finally {
  await app.close();
}

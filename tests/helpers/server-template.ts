import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../../engine/db/open-database.js";
import { migrate } from "../../engine/sql/migrator.js";

/** The project's migrations (pglite-image.ts's DEFAULT_MIGRATIONS; not imported from there, which loads the whole app). */
const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/**
 * On the PostgreSQL server, a test database that starts migrated is a copy of one migrated
 * database (`CREATE DATABASE … TEMPLATE …`, a file-level copy of about 20 MB: a fraction of a
 * second) instead of a new schema the app migrates itself: running the migrations took 3.5–5 s
 * an app and dropping its schema 1.5–2.4 s more, against 0.2 s to copy and 0.15 s to drop a
 * database (docs/benchmarks.md). The template is migrated once per test run, by
 * tests/global-setup.ts, with this run's migrations, and dropped with every copy when the run ends.
 * The app still runs its migrator on the copy at start: it finds them applied, as on PGlite's image.
 */

/** The schema the template's tables are in, and so every copy's (each copy is a database of its own). */
export const TEMPLATE_SCHEMA = "test_app";

/** The template database's name, set by the global setup for the workers it starts. */
const TEMPLATE_ENV = "TEST_SERVER_TEMPLATE";

/** The same server's database `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes this run's migrated template database; answers how to remove it and every copy made of it
 * (one a test did not close, too). Copies are named after the template, so a run removes only its own.
 */
export async function makeServerTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const run = `test_run_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const template = `${run}_template`;
  const remove = () =>
    onServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`${run}\\_%`],
      );
      const names = rows.map((row) => row.datname);
      for (let i = 0; i < names.length; i += 10) await dropDatabases(serverUrl, names.slice(i, i + 10));
    });
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
  try {
    const database = await openDatabase({
      url: databaseUrl(serverUrl, template),
      schema: TEMPLATE_SCHEMA,
      poolSize: 1,
    });
    try {
      await migrate(database.db, MIGRATIONS);
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  process.env[TEMPLATE_ENV] = template;
  return remove;
}

export interface TemplateCopy {
  /** The copy's URL (its tables are in TEMPLATE_SCHEMA). */
  url: string;
  drop(): Promise<void>;
}

/** The run's migrated template database's name, or undefined without one (a file run without the global setup). */
export const runTemplate = (): string | undefined => process.env[TEMPLATE_ENV];

/** A new database copied from `template` (the run's migrated one unless named), or undefined when the run has none. */
export async function copyServerTemplate(
  serverUrl: string,
  template = runTemplate(),
): Promise<TemplateCopy | undefined> {
  const migrated = runTemplate();
  if (!template || !migrated) return undefined;
  const name = `${runOf(migrated)}_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return { url: databaseUrl(serverUrl, name), drop: async () => dropLater(serverUrl, name) };
}

/** The run's prefix of every database it makes (the migrated template's name without `_template`). */
const runOf = (migrated: string) => migrated.replace(/_template$/, "");

const derived = new Map<string, Promise<string | undefined>>();

/**
 * A template of this run named `suffix`: a copy of the migrated one that `fill` wrote to (given its
 * URL; its tables are in TEMPLATE_SCHEMA), made once per run by the first worker that asks, while
 * the others wait on a lock held on the server; answers its name, or undefined when the run has no
 * migrated template. What PGlite's demo images are to its migrated one (tests/helpers/pglite-image.ts):
 * a test database that starts with the demo content is then a copy of 0.2 s instead of a start
 * that writes it (several seconds, an audit entry for every record). Made under another name and
 * renamed when full, so a template a worker died filling is never copied (the next maker drops it);
 * removed with the run's other databases, as it is named after the run.
 */
export function derivedServerTemplate(
  serverUrl: string,
  suffix: string,
  fill: (url: string) => Promise<void>,
): Promise<string | undefined> {
  let pending = derived.get(suffix);
  if (!pending) {
    pending = makeDerived(serverUrl, suffix, fill);
    // A failed attempt is not remembered: the next file asks again.
    pending.catch(() => derived.delete(suffix));
    derived.set(suffix, pending);
  }
  return pending;
}

async function makeDerived(
  serverUrl: string,
  suffix: string,
  fill: (url: string) => Promise<void>,
): Promise<string | undefined> {
  const migrated = runTemplate();
  if (!migrated) return undefined;
  const name = `${runOf(migrated)}_${suffix}`;
  const partial = `${name}_partial`;
  return onServer(serverUrl, async (client) => {
    // A session lock (released when this client ends, a crashed worker's too): one maker at a time.
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return name;
    await client.query(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${partial}" TEMPLATE "${migrated}"`);
    await fill(databaseUrl(serverUrl, partial));
    await client.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`);
    return name;
  });
}

const waiting: string[] = [];
let _dropping: Promise<void> | undefined;

/**
 * Drops a copy after the test that used it, without making the test wait: DROP DATABASE forces a
 * checkpoint on the server (every dirty buffer written out, 0.1 s on an idle server, over a minute
 * while other files write), where dropping a schema did not. The copies closed while one round of
 * drops runs are dropped together in the next, so they wait for one checkpoint between them; a
 * copy this worker did not get to (it ended first) is dropped with the template at the run's end.
 * FORCE: the app's connections are closed by then; one a test left open would otherwise fail the
 * drop, which dropping a schema never did.
 */
function dropLater(serverUrl: string, name: string): void {
  waiting.push(name);
  _dropping ??= (async () => {
    while (waiting.length) await dropDatabases(serverUrl, waiting.splice(0));
    _dropping = undefined;
  })();
}

/** Drops `names` at once (concurrent drops share a checkpoint); one that fails is left to the run's end. */
async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  await Promise.all(
    names.map((name) =>
      onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(
        () => undefined,
      ),
    ),
  );
}

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../engine/db/open-database.js";
import { migrate } from "../../engine/sql/migrator.js";

/**
 * Images of a PGlite data folder that test databases start from. A new in-memory PGlite runs
 * initdb (about 3 s on two cores) and then the migrations (about 1.5 s); loading a dumped folder
 * takes about 1 s. Test files run in processes of their own, so an image is kept on disk, named by
 * what it was made from (PGlite's version, and for the migrated one every migration file's name
 * and text): a changed migration makes a new image, never a stale database.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_MIGRATIONS = join(ROOT, "migrations");
const CACHE = join(ROOT, "node_modules", ".cache", "test-pglite");
const PGLITE_VERSION: string = JSON.parse(readFileSync(join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")).version;

const made = new Map<string, Promise<Blob>>();

/** The data folder just after initdb: an empty database. */
export const emptyImage = () => image(`empty-${PGLITE_VERSION}`, async () => {});

/** The data folder with the project's migrations applied (what buildApp would migrate to). */
export function migratedImage(): Promise<Blob> {
  const hash = createHash("sha256").update(PGLITE_VERSION);
  for (const name of readdirSync(DEFAULT_MIGRATIONS).sort()) {
    hash.update(`\0${name}\0`).update(readFileSync(join(DEFAULT_MIGRATIONS, name)));
  }
  return image(`migrated-${hash.digest("hex").slice(0, 20)}`, async (db) => {
    await migrate(db, DEFAULT_MIGRATIONS);
  });
}

/** Whether `dir` is the project's migrations folder (a test with a folder of its own migrates itself). */
export const isDefaultMigrations = (dir: string) => resolve(dir) === DEFAULT_MIGRATIONS;

function image(name: string, prepare: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<void>): Promise<Blob> {
  let pending = made.get(name);
  if (!pending) {
    pending = readOrMake(name, prepare);
    made.set(name, pending);
  }
  return pending;
}

async function readOrMake(name: string, prepare: (db: any) => Promise<void>): Promise<Blob> {
  const file = join(CACHE, `${name}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({});
  try {
    await prepare(database.db);
    const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    mkdirSync(CACHE, { recursive: true });
    // Written aside and renamed: a test process reading at the same moment sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, tar);
    renameSync(partial, file);
    // Images of earlier migrations are of no more use (40 MB each).
    const kind = name.slice(0, name.indexOf("-") + 1);
    for (const old of readdirSync(CACHE)) if (old.startsWith(kind) && old !== `${name}.tar` && old.endsWith(".tar")) rmSync(join(CACHE, old), { force: true });
    return new Blob([tar]);
  } finally {
    await database.close();
  }
}

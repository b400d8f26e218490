import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database } from "../../engine/db/open-database.js";
import { migrate } from "../../engine/sql/migrator.js";
import { writeDemoContent } from "./demo-content.js";

/**
 * Images of a PGlite data folder that test databases start from. A new in-memory PGlite runs
 * initdb (about 3 s on two cores), then the migrations (about 1.5 s), and a demo site's start
 * writes its content (about 7 s); loading a dumped folder takes about 1.5 s. Test files run one after
 * another in a few worker processes, so each image is made once per test run, by the first file
 * that needs it, and kept in the run's folder (TEST_PGLITE_IMAGES, made and removed by
 * tests/global-setup.ts): made by this run's code and migrations, never stale.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_MIGRATIONS = join(ROOT, "migrations");

/** The run's folder of images (a file run outside vitest's global setup gets one of its own). */
const folder = () => (process.env.TEST_PGLITE_IMAGES ??= mkdtempSync(join(tmpdir(), "test-pglite-")));

const made = new Map<string, Promise<Blob>>();

/** The data folder just after initdb: an empty database. */
export const emptyImage = () => image("empty", () => openDatabase({}));

/** The data folder with the project's migrations applied (what composeApp would migrate to). */
export function migratedImage(): Promise<Blob> {
  return image("migrated", async () => {
    const database = await openDatabase({ image: await emptyImage() });
    await migrate(database.db, DEFAULT_MIGRATIONS);
    return database;
  });
}

/**
 * The migrated data folder with the demo content a first start writes (SEED_DEMO_CONTENT), with
 * DRAFTS on or off, in the default languages. The app that starts on it finds the site seeded and
 * writes it no more; the rest of its start (first admin, permissions) it does itself.
 */
export function demoImage(drafts: boolean): Promise<Blob> {
  return image(`demo-drafts-${drafts}`, async () => {
    const database = await openDatabase({ image: await migratedImage() });
    await writeDemoContent(database, drafts);
    return database;
  });
}

/** What a PGlite test database starts as. */
export type StartingImage = "empty" | "migrated" | "demo" | "demo with drafts";
const starting: Record<StartingImage, () => Promise<Blob>> = {
  empty: emptyImage,
  migrated: migratedImage,
  demo: () => demoImage(false),
  "demo with drafts": () => demoImage(true),
};
export const startingImage = (from: StartingImage) => starting[from]();

/** Whether `dir` is the project's migrations folder (a test with a folder of its own migrates itself). */
export const isDefaultMigrations = (dir: string) => resolve(dir) === DEFAULT_MIGRATIONS;

function image(name: string, make: () => Promise<Database>): Promise<Blob> {
  let pending = made.get(name);
  if (!pending) {
    pending = readOrMake(name, make);
    made.set(name, pending);
  }
  return pending;
}

async function readOrMake(name: string, make: () => Promise<Database>): Promise<Blob> {
  const file = join(folder(), `${name}.tar`);
  if (existsSync(file)) return new ImageBlob(readFileSync(file));
  const database = await make();
  try {
    // A checkpoint first: a folder dumped without one makes every database loaded from it replay
    // the WAL written since the last (the migrations', the demo content's) as it starts: about a
    // sixth of a load's CPU (docs/benchmarks.md).
    await sql`CHECKPOINT`.execute(database.db);
    const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    mkdirSync(folder(), { recursive: true });
    // Written aside and renamed: a test process reading at the same moment sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, tar);
    renameSync(partial, file);
    return new ImageBlob(tar);
  } finally {
    await database.close();
  }
}

/**
 * An image as PGlite reads it: PGlite asks for `arrayBuffer()` of the whole tar (70 MB for the
 * migrated one), which Node's Blob assembles from 64 KiB chunks: about a tenth of an open's CPU.
 * This one answers a copy of the bytes it holds (each database gets its own; PGlite copies the
 * files out of it anyway).
 */
class ImageBlob extends Blob {
  constructor(private readonly tar: Uint8Array) {
    super();
  }
  override get size(): number {
    return this.tar.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tar.slice().buffer as ArrayBuffer);
  }
}

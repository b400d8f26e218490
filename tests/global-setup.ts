import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWebIfChanged } from "../scripts/build-web.js";
import { makeServerTemplate } from "./helpers/server-template.js";

/**
 * Browser tests load the built bundles; build them once here, before any test file runs, when
 * Chromium is present to run those tests (and the web sources changed since the last build).
 * The run's folder of PGlite images (tests/helpers/pglite-image.ts) is made here, inherited by the
 * workers, and removed when the run ends; on the PostgreSQL server (TEST_DATABASE_URL), the run's
 * migrated template database (tests/helpers/server-template.ts) likewise.
 */
export default async function setup() {
  const images = mkdtempSync(join(tmpdir(), "test-pglite-"));
  process.env.TEST_PGLITE_IMAGES = images;
  const serverUrl = process.env.TEST_DATABASE_URL;
  // The template migrates on the server while the bundles build here.
  const [removeTemplate] = await Promise.all([
    serverUrl ? makeServerTemplate(serverUrl) : undefined,
    existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium") ? buildWebIfChanged() : undefined,
  ]);
  return async () => {
    rmSync(images, { recursive: true, force: true });
    await removeTemplate?.();
  };
}

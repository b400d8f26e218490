import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWebIfChanged } from "../scripts/build-web.js";

/**
 * Browser tests load the built bundles; build them once here, before any test file runs, when
 * Chromium is present to run those tests (and the web sources changed since the last build).
 * The run's folder of PGlite images (tests/helpers/pglite-image.ts) is made here, inherited by the
 * workers, and removed when the run ends.
 */
export default async function setup() {
  const images = mkdtempSync(join(tmpdir(), "test-pglite-"));
  process.env.TEST_PGLITE_IMAGES = images;
  if (existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) await buildWebIfChanged();
  return () => rmSync(images, { recursive: true, force: true });
}

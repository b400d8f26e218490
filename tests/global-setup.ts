import { existsSync } from "node:fs";
import { buildWebIfChanged } from "../scripts/build-web.js";

/**
 * Browser tests load the built bundles; build them once here, before any test file runs, when
 * Chromium is present to run those tests (and the web sources changed since the last build).
 */
export default async function setup() {
  if (existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) await buildWebIfChanged();
}

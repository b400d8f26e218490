import { existsSync } from "node:fs";
import { join } from "node:path";
import { webDist } from "../../../app/web-layer.js";
import { isCi } from "./chromium.js";

/** The built bundles' manifest: present once `npm run build:web` (or the tests' global setup) ran. */
export const MANIFEST = join(webDist, ".vite", "manifest.json");

/**
 * Whether the tests that read the built bundles can run. Locally, without a build, they skip (the
 * global setup builds only where Chromium is); under CI a missing bundle throws, so the file fails
 * instead of passing as skipped, the way a missing Chromium does (chromium.ts).
 */
export function bundleBuilt(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
  manifest = MANIFEST,
): boolean {
  if (exists(manifest)) return true;
  if (isCi(env))
    throw new Error(
      `CI=${env.CI} but there is no built bundle at ${manifest}: the tests that measure it must run in CI (npm run build:web)`,
    );
  return false;
}

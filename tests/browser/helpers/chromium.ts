import { existsSync } from "node:fs";

/** Debian's Chromium (CHROMIUM_PATH elsewhere). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether the environment says it is CI (CI=true, as .ci/run and CI services set it). */
export const isCi = (env: NodeJS.ProcessEnv): boolean => !!env.CI && !["false", "0"].includes(env.CI.toLowerCase());

/**
 * Whether the browser tests can run. On a developer's machine without Chromium they skip; under
 * CI a missing browser throws, so every browser test file fails instead of passing as skipped
 * (CI once passed with Chromium silently absent).
 */
export function chromiumAvailable(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): boolean {
  const path = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (exists(path)) return true;
  if (isCi(env))
    throw new Error(
      `CI=${env.CI} but there is no Chromium at ${path}: the browser tests must run in CI (.ci/install-chromium installs it)`,
    );
  return false;
}

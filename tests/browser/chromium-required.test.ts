import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "../../server/config.js";
import { bundleBuilt } from "./helpers/built-bundle.js";
import { chromiumAvailable } from "./helpers/chromium.js";

// CI must not pass without the browser tests: under CI=true a missing Chromium fails
// every browser test file; elsewhere those files skip. This file runs with or without Chromium.
describe("browser tests without Chromium", () => {
  const absent = () => false;

  it("skip outside CI and fail under CI", () => {
    expect(chromiumAvailable({ CHROMIUM_PATH: "/nowhere/chromium" }, absent)).toBe(false);
    expect(chromiumAvailable({ CI: "false", CHROMIUM_PATH: "/nowhere/chromium" }, absent)).toBe(false);
    for (const ci of ["true", "1", "TRUE"]) {
      expect(() => chromiumAvailable({ CI: ci, CHROMIUM_PATH: "/nowhere/chromium" }, absent), ci).toThrow(
        /no Chromium at \/nowhere\/chromium/,
      );
    }
    expect(
      chromiumAvailable({ CI: "true", CHROMIUM_PATH: "/here/chromium" }, (path) => path === "/here/chromium"),
    ).toBe(true);
    // The default path is Debian's.
    expect(() => chromiumAvailable({ CI: "true" }, absent)).toThrow(/\/usr\/bin\/chromium/);
  });

  it("the tests of the built bundle (site-bytes, hydration) skip without one outside CI and fail under CI", () => {
    const manifest = "/nowhere/web/dist/.vite/manifest.json";
    expect(bundleBuilt({}, absent, manifest)).toBe(false);
    expect(bundleBuilt({ CI: "false" }, absent, manifest)).toBe(false);
    for (const ci of ["true", "1"])
      expect(() => bundleBuilt({ CI: ci }, absent, manifest), ci).toThrow(/no built bundle at \/nowhere\/web\/dist/);
    expect(bundleBuilt({ CI: "true" }, (path) => path === manifest, manifest)).toBe(true);
  });

  it("browser test files run under CI=true with no browser fail the run", () => {
    const files = ["tests/browser/site.test.ts", "tests/site-render/hydration.test.tsx"];
    const run = spawnSync(process.execPath, [join(paths.root, "node_modules/vitest/vitest.mjs"), "run", ...files], {
      cwd: paths.root,
      env: { ...process.env, CI: "true", CHROMIUM_PATH: "/nowhere/chromium", NO_COLOR: "1" },
      encoding: "utf8",
      timeout: 120_000,
    });
    const output = run.stdout + run.stderr;
    expect(run.status, output).not.toBe(0);
    expect(output).toContain("no Chromium at /nowhere/chromium");
    expect(output).toMatch(/Test Files\s+2 failed/);
    expect(output).not.toMatch(/Tests\s+\d+ skipped/);
  }, 150_000);

  // .ci/install-chromium with a stand-in apt-get first on PATH (the real one is never called).
  const install = (aptGet: string) => {
    const bin = mkdtempSync(join(tmpdir(), "fake-apt-"));
    writeFileSync(join(bin, "apt-get"), `#!/bin/sh\n${aptGet}\n`);
    chmodSync(join(bin, "apt-get"), 0o755);
    try {
      return spawnSync(join(paths.root, ".ci/install-chromium"), [], {
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CHROMIUM_PATH: join(bin, "chromium") },
        encoding: "utf8",
      });
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  };

  it(".ci/install-chromium stops CI when apt-get fails or leaves no browser", () => {
    const update = install('case "$*" in *update*) echo "E: no mirror" >&2; exit 100;; esac; exit 0');
    expect(update.status).toBe(1);
    expect(update.stderr).toContain("apt-get update failed");
    const installFails = install('case "$*" in *install*) exit 100;; esac; exit 0');
    expect(installFails.status).toBe(1);
    expect(installFails.stderr).toContain("apt-get install chromium failed");
    const nothing = install("exit 0");
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toMatch(/is not there/);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOME_BUDGET, kib, pageBytes, pageScripts } from "../../scripts/lib/page-bytes.js";
import { webDist } from "../../app/web-layer.js";
import { startApp, type RunningApp } from "./helpers/browser-app.js";
import { bundleBuilt } from "./helpers/built-bundle.js";

// The demo home page loads at most 120 KiB of JavaScript and 30 KiB of CSS, brotli-
// compressed, counting the entry, every chunk the page preloads (the variants it shows) and its
// style sheets, from the built bundles (global setup builds them when Chromium is present).
// Without them it skips locally and fails under CI (a budget nobody measured is no budget).
describe.skipIf(!bundleBuilt())("bytes the demo pages load", () => {
  let running: RunningApp;
  const html = async (path: string) => (await fetch(running.url + path)).text();

  beforeAll(async () => {
    running = await startApp({ seedDemoContent: true });
  });
  afterAll(async () => {
    await running?.close();
  });

  test("the home page, in en and ru, within the budget", async () => {
    for (const path of ["/", "/ru"]) {
      const bytes = pageBytes(await html(path), webDist);
      console.log(
        `${path}: JS ${bytes.js.files} files ${kib(bytes.js.brotli)} brotli (${kib(bytes.js.raw)} raw), CSS ${bytes.css.files} files ${kib(bytes.css.brotli)} brotli (${kib(bytes.css.raw)} raw)`,
      );
      expect(bytes.js.brotli, `${path} JS ${kib(bytes.js.brotli)}`).toBeLessThanOrEqual(HOME_BUDGET.js);
      expect(bytes.css.brotli, `${path} CSS ${kib(bytes.css.brotli)}`).toBeLessThanOrEqual(HOME_BUDGET.css);
      expect(bytes.js.files).toBeGreaterThan(1);
    }
  });

  test("a page loads the code of the variants it shows: the contact form's code is not on the home page", async () => {
    const chunks = (page: string) => new Set(pageScripts(page, webDist));
    const home = chunks(await html("/"));
    const contact = chunks(await html("/contact"));
    const formOnly = [...contact].filter((chunk) => !home.has(chunk));
    expect(formOnly.some((chunk) => /form-default/.test(chunk))).toBe(true);
    expect([...home].some((chunk) => /form-default/.test(chunk))).toBe(false);
  });
});

import { describe, expect, test } from "vitest";
import { demoSiteInChromium, hasChromium, waitForHydration } from "./helpers/browser-app.js";

// The server's HTML and its style sheets have the network to themselves until the page
// has painted; the chunks that hydrate it are fetched only then (web/site/entry-client.tsx), and
// the page still hydrates. Read off the browser's own timings (Resource and Paint Timing).
describe.skipIf(!hasChromium)("the first paint comes before the hydration's chunks", () => {
  const site = demoSiteInChromium();

  test.each(["/", "/ru/products", "/contact"])(
    "%s: every listed chunk is fetched after the first paint, and the page hydrates",
    async (path) => {
      const page = await site.browser.newPage();
      try {
        await page.goto(site.running.url + path);
        await waitForHydration(page);
        const timings = await page.evaluate(() => {
          const listed = JSON.parse(document.getElementById("__SITE_CHUNKS__")?.textContent ?? "[]") as string[];
          const paint = performance.getEntriesByType("paint").find((entry) => entry.name === "first-paint")?.startTime;
          const fetched = Object.fromEntries(
            performance.getEntriesByType("resource").map((entry) => [new URL(entry.name).pathname, entry.startTime]),
          );
          return { listed, paint, starts: listed.map((url) => fetched[url]) };
        });
        expect(timings.listed.length).toBeGreaterThan(3);
        expect(timings.paint).toBeGreaterThan(0);
        for (const [index, url] of timings.listed.entries()) {
          const start = timings.starts[index];
          expect(start, `${url} was never fetched`).toBeDefined();
          expect(
            start!,
            `${url} fetched at ${start} ms, before the first paint at ${timings.paint} ms`,
          ).toBeGreaterThanOrEqual(timings.paint!);
        }
      } finally {
        await page.close();
      }
    },
  );
});

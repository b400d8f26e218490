import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAVICON_SVG } from "../../server/site/seo/favicon.js";
import { entryAssets } from "../../server/delivery/web-dist.js";
import { webDist } from "../../app/web-layer.js";
import { renderDocument } from "../../web/site/render/render-document.js";
import { registerVariant } from "../../web/site/variants.js";
import { demoPage } from "./demo-page.js";
import { en } from "./fixtures.js";
import { bundleBuilt } from "../browser/helpers/built-bundle.js";
import { CHROMIUM, chromiumAvailable } from "../browser/helpers/chromium.js";

/**
 * The server's HTML hydrated by the built bundle in Chromium: no hydration warnings, and the
 * browser-only behaviour (slider, mobile menu) works. Skipped without Chromium or a built web/dist
 * (global setup builds it when Chromium is present).
 */
// Under CI a missing browser, or a missing bundle beside a present browser, fails instead of skipping.
const ready = chromiumAvailable() && bundleBuilt();
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

describe.skipIf(!ready)("hydration in Chromium", () => {
  let server: Server;
  let browser: Browser;
  let base = "";
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      if (url.pathname === "/favicon.ico") return void response.writeHead(204).end();
      // The head names the server's icon (server/site/seo/favicon.ts).
      if (url.pathname === "/favicon.svg")
        return void response.writeHead(200, { "content-type": "image/svg+xml" }).end(FAVICON_SVG);
      if (url.pathname.startsWith("/static/")) {
        const file = normalize(join(webDist, url.pathname.slice("/static/".length)));
        if (!file.startsWith(webDist) || !existsSync(file)) return void response.writeHead(404).end();
        response
          .writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" })
          .end(readFileSync(file));
        return;
      }
      const html = pages.get(url.pathname);
      if (html) return void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "Not Found error" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function open(path: string, viewport = { width: 1280, height: 900 }) {
    const page = await browser.newPage({ viewport });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${base}${path}`);
    // A click before React has attached its handlers does nothing, so wait for the root's mark
    // (web/site/hydrate.tsx), then check that the slider answers.
    await page.waitForSelector("#root[data-hydrated]", { state: "attached" });
    await page.locator("[data-slider-next]").click();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>("[data-slider-track]")?.style.transform === "translateX(-100%)",
    );
    return { page, problems };
  }

  test("a full page hydrates without warnings; the slider loops both ways", async () => {
    pages.set("/", renderDocument(demoPage().data, entryAssets(webDist, "site/entry-client.tsx")));
    const { page, problems } = await open("/");
    await page.locator("[data-slider-prev]").click();
    await page.locator("[data-slider-prev]").click();
    // The header stays at the top while the page scrolls.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect((await page.locator("[data-navbar]").boundingBox())!.y).toBe(0);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>("[data-slider-track]")?.style.transform === "translateX(-200%)",
    );
    expect(problems).toEqual([]);
    await page.screenshot({ path: "test-results/site-render-desktop.png", fullPage: true });
    await page.close();
  });

  test("below the large breakpoint the navigation is a full-screen menu behind a toggle", async () => {
    pages.set("/ru", renderDocument(demoPage("ru").data, entryAssets(webDist, "site/entry-client.tsx")));
    const { page, problems } = await open("/ru", { width: 390, height: 800 });
    expect(await page.locator("nav.mantine-visible-from-lg").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Открыть меню" }).click();
    const menu = page.locator("[data-mobile-menu]");
    await expect.poll(() => menu.isVisible()).toBe(true);
    const box = await menu.boundingBox();
    expect(box!.width).toBe(390);
    expect(await menu.getByText("Product (ru)").isVisible()).toBe(true);
    await page.screenshot({ path: "test-results/site-render-mobile-menu.png" });
    expect(problems).toEqual([]);
    await page.close();
  });

  test("a widget that failed on the server hydrates to the same error box", async () => {
    const unregister = registerVariant("website-builder/widgets", "test-throws", () => {
      throw new Error("broken widget");
    });
    try {
      const data = demoPage();
      data.widget("website-builder", { variant: "test-throws", title: en("x") }, 9);
      pages.set("/broken", renderDocument(data.data, entryAssets(webDist, "site/entry-client.tsx")));
    } finally {
      unregister();
    }
    const { page, problems } = await open("/broken");
    expect(await page.locator("[data-widget-error]").innerText()).toBe("broken widget");
    expect(problems).toEqual([]);
    await page.close();
  });
});

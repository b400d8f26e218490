// Retakes the README's tour screenshots (docs/images/*.png, 1280×800): the demo site's home page
// and the admin's table of blog articles.
//
//   npx tsx scripts/docs-screenshots.ts
//
// starts the real server (app/main.ts) in a process of its own, on a throwaway data folder
// with the demo content and an admin account, takes the pictures with Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH) and stops it. DOCS_URL=http://localhost:3000 with
// DOCS_ADMIN_EMAIL and DOCS_ADMIN_PASSWORD takes them from a demo already running instead.
// The browser bundles are the built ones (web/dist): run `npm run build:web` first after changing web/.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startServerProcess, type ServerProcess } from "./lib/server-process.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "docs", "images");
const VIEWPORT = { width: 1280, height: 800 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  if (!existsSync(join(ROOT, "web", "dist", "admin")))
    throw new Error("web/dist is missing: run npm run build:web first");
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let url = process.env.DOCS_URL;
  let admin = { email: process.env.DOCS_ADMIN_EMAIL ?? "", password: process.env.DOCS_ADMIN_PASSWORD ?? "" };
  if (!url) {
    dataDir = mkdtempSync(join(tmpdir(), "docs-screenshots-"));
    admin = { email: "admin@example.com", password: "docs-screenshots-password" };
    server = await startServerProcess({
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SEED_DEMO_CONTENT: "true",
        LOG_LEVEL: "warn",
        NODE_ENV: "development",
      },
    });
    url = server.url;
  } else if (!admin.email || !admin.password) {
    throw new Error("with DOCS_URL, set DOCS_ADMIN_EMAIL and DOCS_ADMIN_PASSWORD too");
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    mkdirSync(OUT, { recursive: true });
    const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
    const page = await context.newPage();

    await page.goto(`${url}/`);
    await page.waitForSelector("#root[data-hydrated]", { state: "attached" });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(OUT, "site-home.png") });

    await page.goto(`${url}/admin`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.locator('input[name="login"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator('a[href="/admin/blog/articles"]').click();
    await page.getByTestId("table-blog/articles").getByTestId("table-row").first().waitFor();
    await page.screenshot({ path: join(OUT, "admin-articles.png") });
    console.log(
      `wrote ${join("docs", "images", "site-home.png")} and ${join("docs", "images", "admin-articles.png")} from ${url}`,
    );
  } finally {
    await browser.close();
    if (server) {
      server.kill("SIGTERM");
      await server.exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

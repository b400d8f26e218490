import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { composeApp } from "../../../app/compose-app.js";
import { configFromEnv, paths, type Config } from "../../../server/config.js";
import { openTestDatabase, SECRET, startingFor } from "../../helpers/test-app.js";
import { CHROMIUM, chromiumAvailable } from "./chromium.js";

export { CHROMIUM, chromiumAvailable, isCi } from "./chromium.js";
export const hasChromium = chromiumAvailable();

/** Where screenshots go (test-results/ at the project root). */
export const RESULTS = join(paths.root, "test-results");

export interface RunningApp {
  app: FastifyInstance;
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

/**
 * The real app on a free local port over a fresh test database (PGlite in memory, or a database
 * of its own on TEST_DATABASE_URL; with the demo site already written when asked for it, see
 * `startingFor` in tests/helpers/test-app.ts), with a throwaway data folder for uploads.
 */
export async function startApp(overrides: Partial<Config> = {}, listen: { port?: number } = {}): Promise<RunningApp> {
  const test = await openTestDatabase({ from: startingFor(overrides) });
  const dataDir = mkdtempSync(join(tmpdir(), "browser-app-"));
  // No demo content: a test starts from an empty database and writes what it needs. Saves
  // publish at once (DRAFTS=off), as in createTestApp: the tests write content and look at it as
  // a visitor; the editorial workflow's test turns drafts on.
  const quiet = { seedDemoContent: false, drafts: false } as Partial<Config>;
  const config: Config = {
    ...configFromEnv({}),
    rbacSecretKey: SECRET,
    logLevel: "silent",
    authRateLimit: 10_000,
    dataDir,
    ...quiet,
    ...overrides,
  };
  const app = await composeApp(config, { database: test.database, logger: false });
  // A test whose PUBLIC_URL names the port (passkeys: the origin the browser must report) listens on that one.
  const address = await app.listen({ port: listen.port ?? 0, host: "127.0.0.1" });
  return {
    app,
    url: address,
    async close() {
      await app.close();
      await test.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo site and a Chromium for one test file, started before its tests and closed after them:
 * read `site.running` and `site.browser` inside the tests.
 */
export function demoSiteInChromium(): { readonly running: RunningApp; readonly browser: Browser } {
  const site = {} as { running: RunningApp; browser: Browser };
  beforeAll(async () => {
    site.running = await startApp({ seedDemoContent: true });
    site.browser = await launchChromium();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.running?.close();
  });
  return site;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/**
 * Waits until the site's bundle has hydrated the page (React has taken the root): a click on the
 * server's HTML before that does nothing, which a busy machine makes likely right after `goto`.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // web/site/hydrate.tsx marks the root once the whole tree has hydrated (hydration is a
  // transition: it runs over several tasks after hydrateRoot is called).
  await page.waitForSelector("#root[data-hydrated]", { state: "attached" });
}

/** Saves `test-results/{name}.png` of the page's viewport. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS, { recursive: true });
  const file = join(RESULTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** A Content-Security-Policy violation the browser reported (a `securitypolicyviolation` event). */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Records every CSP violation on the pages of `context` (each page, each navigation, from the
 * first script on): the test then asserts the list is empty. A violation means the site or the
 * admin does not really run under its policy (docs/security.md "Security").
 */
export async function watchCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding(
    "__reportCspViolation",
    (_source, violation: CspViolation) => void violations.push(violation),
  );
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation;
      report({
        page: location.pathname,
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  return violations;
}

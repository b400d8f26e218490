import { launch } from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import { createServer } from "node:net";

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-domain-reliability",
  "--disable-sync",
  "--no-first-run",
  // Any host name but 127.0.0.1 fails to resolve: the audit cannot reach the Internet.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/**
 * One Lighthouse run in a Chromium of its own (a fresh profile: no cache or state from another
 * page). On a busy machine Chromium now and then fails to record the load (NO_NAVSTART and the
 * like): such a run is repeated, up to three tries. `config`: Lighthouse's (the mobile preset when
 * none); `extraHeaders`: sent with every request (a session's cookie).
 */
export async function auditPage(url: string, options: { config?: Config; extraHeaders?: Record<string, string> } = {}) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const flags: Flags = { port: chrome.port, output: "json", logLevel: "error" };
      if (options.extraHeaders) flags.extraHeaders = options.extraHeaders;
      const result = await lighthouse(url, flags, options.config);
      const failure = !result
        ? "no result"
        : result.lhr.runtimeError
          ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`
          : undefined;
      if (!failure) return result!.lhr;
      if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${failure}`);
      process.stderr.write(`Lighthouse failed on ${url} (${failure}); trying again\n`);
    } finally {
      chrome.kill();
    }
  }
}

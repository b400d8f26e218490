/**
 * `npm run audit:admin`: Lighthouse (desktop preset: the admin's tables and the composer's preview
 * beside its panel are laid out for wide screens) on three admin screens, against the compiled
 * server (`npm run build`, NODE_ENV=production) on a fresh embedded database with the demo
 * content: the sign-in screen signed out, then, with an admin's session cookie, the pages list and
 * the composer of the home page. Prints one row per screen (the four category scores, LCP, TBT,
 * CLS, all bytes) and the compressed JavaScript each loaded (docs/admin.md, "What the admin loads").
 *
 * Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium; it may resolve only 127.0.0.1.
 * AUDIT_SKIP_BUILD=true reuses the builds.
 */
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { randomBytes } from "node:crypto";
import { auditPage } from "./lib/lighthouse-run.js";
import { withAuditServer } from "./lib/audit-server.js";
import { auditRow, failingLines, formatTable, type AuditRow, type BundleRequest } from "./lib/audit-report.js";

const ADMIN = { login: "audit@example.com", password: `audit ${randomBytes(12).toString("hex")}` };
const SIGN_IN = "/api/rbac/subjects/authentication/email-and-password/authentication";

/** The session an admin's sign-in sets, as the Cookie header a browser would send back. */
async function sessionCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}${SIGN_IN}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ data: ADMIN }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]!);
  if (cookies.length === 0) throw new Error("sign-in set no cookie");
  return cookies.join("; ");
}

/** The home page's id, for its composer's address. */
async function homePageId(origin: string, secret: string): Promise<string> {
  const url = `${origin}/api/host/pages?filters[and][0][column]=url&filters[and][0][method]=eq&filters[and][0][value]=/`;
  const response = await fetch(url, { headers: { "x-rbac-secret-key": secret } });
  if (!response.ok) throw new Error(`GET /api/host/pages: ${response.status}`);
  const { data } = (await response.json()) as { data: Array<{ id: string }> };
  if (!data[0]) throw new Error("the demo has no home page");
  return data[0].id;
}

const scriptBytes = (requests: BundleRequest[]) =>
  requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);

async function main() {
  const rows: AuditRow[] = [];
  const bytes: string[] = [];
  await withAuditServer(
    "audit-admin",
    { ADMIN_EMAIL: ADMIN.login, ADMIN_PASSWORD: ADMIN.password },
    async ({ origin, secret }) => {
      const cookie = await sessionCookie(origin);
      const screens = [
        { name: "sign-in", path: "/admin", headers: undefined },
        { name: "pages list", path: "/admin/pages", headers: { cookie } },
        { name: "composer", path: `/admin/pages/${await homePageId(origin, secret)}`, headers: { cookie } },
      ];
      for (const screen of screens) {
        const lhr = await auditPage(`${origin}${screen.path}`, { config: desktopConfig, extraHeaders: screen.headers });
        rows.push(auditRow(screen.name, screen.path, lhr));
        const requests = ((lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items ??
          []) as BundleRequest[];
        bytes.push(`${screen.name}: JavaScript ${(scriptBytes(requests) / 1024).toFixed(1)} KiB transferred`);
        process.stderr.write(`audited ${screen.path}\n`);
      }
    },
  );
  console.log(formatTable(rows));
  console.log(["", ...bytes].join("\n"));
  const failing = failingLines(rows);
  if (failing) console.log(failing);
}

await main();

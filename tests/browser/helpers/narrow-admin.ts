import type { Page } from "playwright-core";
import type { RunningApp } from "./browser-app.js";
import { SECRET } from "../../helpers/test-app.js";

/** A call with the secret key; answers `data`, throws on a refusal. */
export async function asServer(running: RunningApp, method: "GET" | "POST" | "DELETE", url: string, data?: object) {
  const answer = await running.app.inject({
    method,
    url,
    headers: { "x-rbac-secret-key": SECRET },
    ...(data ? { payload: { data } } : {}),
  });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.body ? JSON.parse(answer.body).data : undefined;
}

export const whereEq = (column: string, value: string) =>
  `filters[and][0][column]=${column}&filters[and][0][method]=eq&filters[and][0][value]=${value}`;

/**
 * The admin's screens open for the role named admin (web/admin/auth); this gives that role only
 * these `[method, path]` permissions and `GET /api/admin/**` (the admin's own reads: models, record
 * labels), so a browser test can act as a narrow editor.
 */
export async function narrowAdminRole(running: RunningApp, permissions: [string, string][]): Promise<void> {
  const [admin] = await asServer(running, "GET", `/api/rbac/roles?${whereEq("uid", "admin")}`);
  for (const link of await asServer(
    running,
    "GET",
    `/api/rbac/roles-to-permissions?${whereEq("roleId", admin.id)}&limit=100`,
  )) {
    await asServer(running, "DELETE", `/api/rbac/roles-to-permissions/${link.id}`);
  }
  for (const [method, path] of [...permissions, ["GET", "/api/admin/**"]]) {
    const permission = await asServer(running, "POST", "/api/rbac/permissions", { method, path, type: "HTTP" });
    await asServer(running, "POST", "/api/rbac/roles-to-permissions", {
      roleId: admin.id,
      permissionId: permission.id,
    });
  }
}

/** Opens `url` of the admin and signs in there (the sign-in screen stands in for any admin screen). */
export async function signInAt(page: Page, url: string, login: string, password: string): Promise<void> {
  await page.goto(url);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

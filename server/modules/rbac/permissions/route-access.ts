import type { Grant, DeclaredAccess } from "./ensure-grants.js";
import { roleOfAccess } from "./ensure-grants.js";

/**
 * The permission pattern of a route's URL: a `:param` segment is any one segment (`*`), Fastify's
 * trailing `*` wildcard any rest (`**`). `/api/crm/forms/:id/requests` → `/api/crm/forms/*\/requests`.
 */
export function permissionPathOf(url: string): string {
  return url
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "*" : segment === "*" ? "**" : segment))
    .join("/");
}

/** The grant a route's declared `access` (server/modules/route.ts) asks for; none for "admin". */
export function routeAccessGrants(methods: string | readonly string[], url: string, access: DeclaredAccess): Grant[] {
  const role = roleOfAccess(access);
  if (!role) return [];
  return [methods]
    .flat()
    .filter((method) => method !== "HEAD")
    .map((method) => ({ role, method, path: permissionPathOf(url) }));
}

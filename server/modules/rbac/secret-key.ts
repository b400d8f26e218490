import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { cookieOf } from "../../plugins/cookies.js";

// Server-to-server callers send the RBAC_SECRET_KEY setting as the X-RBAC-SECRET-KEY header or
// the rbac.secret-key cookie (API.md); it grants every permission. Unset, no key works.

export function secretKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-rbac-secret-key"];
  if (typeof header === "string" && header) return header;
  return cookieOf(request, "rbac.secret-key");
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

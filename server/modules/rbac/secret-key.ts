import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { cookieOf } from "../../plugins/cookies.js";

// Server-to-server callers send the RBAC_SECRET_KEY setting as the X-RBAC-SECRET-KEY header or
// the rbac.secret-key cookie (docs/api.md "Authentication inputs"); it grants every permission. Unset, no key works.

export function secretKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-rbac-secret-key"];
  if (typeof header === "string" && header) return header;
  return cookieOf(request, "rbac.secret-key");
}

/** The expected key's bytes, made once (a process has one key) instead of on every request. */
let expectedText: string | undefined;
let expectedBytes = Buffer.alloc(0);

export function sameSecret(given: string, expected: string): boolean {
  if (expected !== expectedText) {
    expectedBytes = Buffer.from(expected);
    expectedText = expected;
  }
  const a = Buffer.from(given);
  return a.length === expectedBytes.length && timingSafeEqual(a, expectedBytes);
}

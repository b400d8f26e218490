import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../engine/errors.js";

// Interim rule until accounts land: reads are open, every write needs the server secret key
// (header X-RBAC-SECRET-KEY or cookie rbac.secret-key). Without RBAC_SECRET_KEY set, no key works.
const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function secretKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-rbac-secret-key"];
  if (typeof header === "string" && header) return header;
  const cookie = request.headers.cookie;
  const match = cookie?.match(/(?:^|;\s*)rbac\.secret-key=([^;]*)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function secretKeyAuthorization(secret: string | undefined) {
  return async function authorize(request: FastifyRequest) {
    if (readMethods.has(request.method)) return;
    const key = secretKeyOf(request);
    if (!key) throw new AppError("AUTHENTICATION_ERROR", "this request needs the X-RBAC-SECRET-KEY header");
    if (!secret || !sameSecret(key, secret)) throw new AppError("PERMISSION_ERROR", "the secret key is not valid");
  };
}

import { createHmac, timingSafeEqual } from "node:crypto";

/** hex(HMAC-SHA256(key, message)). */
export const hmacHex = (key: string, message: string | Buffer) =>
  createHmac("sha256", key).update(message).digest("hex");

/** Compares two signatures in constant time (unequal lengths are unequal, without a timing leak on content). */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

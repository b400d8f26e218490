import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** RFC 6238 as authenticator apps expect it: HMAC-SHA1, 30-second steps, 6 digits. */
export const STEP_SECONDS = 30;
export const DIGITS = 6;
/** Steps either side of the current one still taken: a phone's clock a little off, a code typed as it turns. */
export const WINDOW_STEPS = 1;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: the form authenticator apps read in an otpauth URL. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (SHA-1's block of key RFC 4226 recommends), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** RFC 4226's HOTP with dynamic truncation; the key is raw bytes. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS, algorithm = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export const stepAt = (nowMs: number) => Math.floor(nowMs / 1000 / STEP_SECONDS);

/** The code of a base32 secret at a moment. */
export const totpAt = (secret: string, nowMs: number) => hotp(base32Decode(secret), stepAt(nowMs));

/**
 * The step whose code `code` is, among the current step ±WINDOW_STEPS; undefined when none.
 * Every candidate is compared (in constant time), so the answer's timing says nothing of which matched.
 */
export function matchingStep(secret: string, code: string, nowMs: number): number | undefined {
  const key = base32Decode(secret);
  const given = Buffer.from(code.padEnd(DIGITS, " ").slice(0, DIGITS));
  const current = stepAt(nowMs);
  let found: number | undefined;
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && found === undefined) found = step;
  }
  return code.length === DIGITS ? found : undefined;
}

/** The enrolment link an authenticator app reads from the QR code (Google's Key Uri Format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  // Percent-encoded by hand: some apps read URLSearchParams' "+" for a space literally.
  const query = `secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;
  return `otpauth://totp/${label}?${query}`;
}

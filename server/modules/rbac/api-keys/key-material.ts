import { createHmac, hkdfSync, randomBytes } from "node:crypto";

/** What every key begins with: says what it is where it leaks (a log, a repository), and tells it from a session token. */
export const KEY_MARK = "pk_";
/** 32 random bytes: 256 bits, beyond guessing; base64url gives 43 characters. */
const KEY_BYTES = 32;
/** The mark and this many characters of the key: enough to tell a subject's keys apart, far too few to guess the rest. */
const PREFIX_LENGTH = KEY_MARK.length + 6;

export const isApiKey = (token: string) => token.startsWith(KEY_MARK);

/**
 * The keys' hash: HMAC-SHA-256 keyed by HKDF from the session signing secret (as two-factor's
 * recovery codes, two-factor/secret-box.ts). A key is 256 random bits, so no slow hash is
 * needed; the server key keeps a copy of the database from being checked offline. Changing
 * JWT_SECRET therefore ends every API key, as it ends every session.
 */
export class KeyMaterial {
  private readonly hashKey: Buffer;

  constructor(secret: string) {
    this.hashKey = Buffer.from(hkdfSync("sha256", secret, "sps api keys", "api key hash", 32));
  }

  /** A new key, its hash (what is stored) and its prefix (what is shown). */
  create(): { key: string; keyHash: string; prefix: string } {
    const key = `${KEY_MARK}${randomBytes(KEY_BYTES).toString("base64url")}`;
    return { key, keyHash: this.hash(key), prefix: key.slice(0, PREFIX_LENGTH) };
  }

  hash(key: string): string {
    return createHmac("sha256", this.hashKey).update(key).digest("hex");
  }
}

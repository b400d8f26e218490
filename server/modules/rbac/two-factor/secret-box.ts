import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * The two-factor keys, derived (HKDF-SHA-256) from one server secret: TWO_FACTOR_KEY when set,
 * else the session signing secret. A TOTP secret must be read back to check a code, so it is
 * stored encrypted (AES-256-GCM) rather than hashed: a copy of the database alone does not give
 * the codes. Recovery codes and challenge tokens are only compared, so they are stored as keyed
 * hashes (HMAC-SHA-256): random codes of 50 bits need no slow hash, and the key keeps a database
 * copy from being checked offline.
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(secret: string) {
    const derive = (info: string) => Buffer.from(hkdfSync("sha256", secret, "sps two-factor", info, 32));
    this.encryptionKey = derive("totp secret encryption");
    this.hashKey = derive("recovery code hash");
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** The plain text, or undefined when the box was sealed with another key or altered. */
  open(sealed: string): string | undefined {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.encryptionKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }

  hash(value: string): string {
    return createHmac("sha256", this.hashKey).update(value).digest("hex");
  }
}

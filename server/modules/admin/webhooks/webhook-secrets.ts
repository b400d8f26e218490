import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/** The prefix Standard Webhooks gives a signing secret; the rest is base64 of its key bytes. */
const PREFIX = "whsec_";

/** A new signing secret: `whsec_` and base64 of 32 random bytes (the standard asks for 24 to 64). */
export const newSecret = () => `${PREFIX}${randomBytes(32).toString("base64")}`;

/** The HMAC key a secret stands for: its base64 part, decoded. */
const keyOf = (secret: string) => Buffer.from(secret.slice(PREFIX.length), "base64");

/**
 * `webhook-signature` (docs/webhooks.md "Headers"): `v1,` and base64 of HMAC-SHA256 over
 * `{id}.{timestamp}.{body}`, once per secret (the old and the new one while a rolled secret
 * overlaps), separated by a space; a receiver accepts the message when one of them checks out.
 */
export function signature(secrets: string[], id: string, timestamp: number, body: string): string {
  const signed = `${id}.${timestamp}.${body}`;
  return secrets.map((secret) => `v1,${createHmac("sha256", keyOf(secret)).update(signed).digest("base64")}`).join(" ");
}

/**
 * Keeps the signing secrets sealed in the database (AES-256-GCM, the key derived with HKDF-SHA-256
 * from a server secret): they must be read back to sign, so they cannot be hashed, and a copy of
 * the database alone does not let anyone forge our messages.
 */
export class WebhookSecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync("sha256", serverSecret, "sps webhooks", "webhook secret encryption", 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** The secret, or undefined when it was sealed with another key or altered. */
  open(sealed: string | null | undefined): string | undefined {
    const [version, iv, tag, body] = (sealed ?? "").split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }
}

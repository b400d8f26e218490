import { createHmac, timingSafeEqual } from "node:crypto";

/** What a preview token says of a page: its own and in date, its own but past its hour, or not its own (tampered, another page's). */
export type PreviewCheck = "valid" | "expired" | "invalid";

/** A preview link lasts an hour (issue 25): long enough to look and share with a colleague, short enough to leak little. */
export const PREVIEW_SECONDS = 3_600;

/**
 * Signed preview tokens for one page (docs/drafts.md, "Preview"): `{expiry}.{HMAC of the page
 * id and the expiry}` under the server's signing secret, so a token opens that page's working
 * copy only, cannot be made for another, and stops working an hour after it was made (the
 * expiry, in Unix seconds, cannot be moved without breaking the signature). A purpose prefix
 * keeps these signatures apart from the secret's other uses (order links, cursors).
 */
export class PreviewLinks {
  constructor(
    private readonly secret: string,
    private readonly seconds = PREVIEW_SECONDS,
  ) {}

  token(pageId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + this.seconds;
    return `${expires}.${this.sign(pageId, expires)}`;
  }

  /** Whether the token is this page's (constant time) and still in date. */
  check(pageId: string, token: string, now = Date.now()): PreviewCheck {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return "invalid";
    const expires = Number(match[1]);
    const expected = Buffer.from(this.sign(pageId, expires));
    const given = Buffer.from(match[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return expires * 1000 > now ? "valid" : "expired";
  }

  private sign(pageId: string, expires: number): string {
    return createHmac("sha256", this.secret).update(`page-preview:${pageId}:${expires}`).digest("base64url");
  }
}

import { createHmac, timingSafeEqual } from "node:crypto";

/** What a preview token says of a page: its own and in date, its own but past its hour, or not its own (tampered, another page's). */
export type PreviewCheck = "valid" | "expired" | "invalid";

/**
 * Who asked for a preview link: the secret key (or the server itself), or a signed-in subject. A
 * preview shows what that one's publish of the page would publish (docs/drafts.md, "Preview").
 */
export type PreviewAuthor = { kind: "secret-key" } | { kind: "subject"; subjectId: string };

/** A preview link lasts an hour (docs/drafts.md "Preview"): long enough to look and share with a colleague, short enough to leak little. */
export const PREVIEW_SECONDS = 3_600;

/** The token's middle part: `key` for the secret key, else the subject's id. */
const KEY = "key";
const TOKEN = /^(\d{1,12})\.(key|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed preview tokens for one page (docs/drafts.md, "Preview"): `{expiry}.{author}.{HMAC of the
 * page id, the author and the expiry}` under the server's signing secret, so a token opens that
 * page's preview only, as its author's publish would publish it, cannot be made for another page
 * or another author, and stops working an hour after it was made (neither the expiry, in Unix
 * seconds, nor the author can be changed without breaking the signature). A token of the older
 * `{expiry}.{HMAC}` form names no author and is not valid. A purpose prefix keeps these
 * signatures apart from the secret's other uses (order links, cursors).
 */
export class PreviewLinks {
  constructor(
    private readonly secret: string,
    private readonly seconds = PREVIEW_SECONDS,
  ) {}

  token(pageId: string, author: PreviewAuthor, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + this.seconds;
    const by = author.kind === "subject" ? author.subjectId.toLowerCase() : KEY;
    return `${expires}.${by}.${this.sign(pageId, by, expires)}`;
  }

  /** Whether the token is this page's (constant time) and still in date, and whose it is. */
  check(pageId: string, token: string, now = Date.now()): { check: PreviewCheck; author?: PreviewAuthor } {
    const match = TOKEN.exec(token);
    if (!match) return { check: "invalid" };
    const expires = Number(match[1]);
    const by = match[2]!;
    const expected = Buffer.from(this.sign(pageId, by, expires));
    const given = Buffer.from(match[3]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { check: "invalid" };
    if (expires * 1000 <= now) return { check: "expired" };
    return { check: "valid", author: by === KEY ? { kind: "secret-key" } : { kind: "subject", subjectId: by } };
  }

  private sign(pageId: string, by: string, expires: number): string {
    return createHmac("sha256", this.secret).update(`page-preview:${pageId}:${by}:${expires}`).digest("base64url");
  }
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { withLanguage } from "../../../common/i18n/languages.js";

/** The site page a mailed order link opens: the cart page shows that order (and Pay now) by its token. */
export const ORDER_LINK_PAGE = "/cart";

/** What a token says of an order: its own and in date, its own but past its date, or not its own. */
export type LinkCheck = "valid" | "expired" | "invalid";

const DAY_SECONDS = 86_400;

/**
 * Signed links to one order, for the mails of a buyer who may have no account (a guest's checkout): the
 * token is `{expiry}.{HMAC of the order id and the expiry}` under a server secret, so it opens
 * that order only, cannot be made for another, and stops working `maxAgeDays` after the mail
 * (ORDER_LINK_MAX_AGE_DAYS, default 30; the expiry, in Unix seconds, cannot be moved without
 * breaking the signature).
 */
export class OrderLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly maxAgeDays = 30,
  ) {}

  /** A token for the order, good until `now` + maxAgeDays. */
  token(orderId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + Math.round(this.maxAgeDays * DAY_SECONDS);
    return `${expires}.${this.sign(orderId, expires)}`;
  }

  /** Whether the token is this order's (constant time) and still in date. */
  check(orderId: string, token: string, now = Date.now()): LinkCheck {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return "invalid";
    const expires = Number(match[1]);
    const expected = Buffer.from(this.sign(orderId, expires));
    const given = Buffer.from(match[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return expires * 1000 > now ? "valid" : "expired";
  }

  /** The absolute link for a mail, in the mail's language. */
  url(orderId: string, language: string): string {
    const query = new URLSearchParams({ order: orderId, token: this.token(orderId) });
    return `${this.publicUrl}${withLanguage(ORDER_LINK_PAGE, language as Parameters<typeof withLanguage>[1])}?${query}`;
  }

  private sign(orderId: string, expires: number): string {
    return createHmac("sha256", this.secret).update(`order-link:${orderId}:${expires}`).digest("base64url");
  }
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { withLanguage } from "../../../web/site/i18n/languages.js";

/** The site page a mailed order link opens: the cart page shows that order (and Pay now) by its token. */
export const ORDER_LINK_PAGE = "/cart";

/**
 * Signed links to one order, for the mails of a buyer who may have no account (issue 27): the
 * token is an HMAC of the order id under a server secret, so it opens that order only and
 * cannot be made for another. It does not expire: like the order number on a receipt, it stays
 * good while the order exists.
 */
export class OrderLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  token(orderId: string): string {
    return createHmac("sha256", this.secret).update(`order-link:${orderId}`).digest("base64url");
  }

  /** Whether the token is this order's (constant time). */
  check(orderId: string, token: string): boolean {
    const expected = Buffer.from(this.token(orderId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The absolute link for a mail, in the mail's language. */
  url(orderId: string, language: string): string {
    const query = new URLSearchParams({ order: orderId, token: this.token(orderId) });
    return `${this.publicUrl}${withLanguage(ORDER_LINK_PAGE, language as Parameters<typeof withLanguage>[1])}?${query}`;
  }
}

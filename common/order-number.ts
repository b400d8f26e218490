/**
 * The short order number people see: the id's first 8 hex digits, the same in the customer's
 * mails, the owner's order desk (found there by it) and the buyer's pages of the site.
 */
export const orderNumber = (id: string) => id.slice(0, 8);

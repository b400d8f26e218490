/**
 * The marks an entry's changes carry in place of a value (docs/audit.md "What an entry holds"):
 * in a file of their own, without the SQL that writes them, so the admin reads them too.
 */

/** Ends a text kept shortened to its first AUDIT_TEXT_MAX characters. */
export const SHORTENED_MARK = "…[shortened]";
/** What an entry shows of a hidden field (x-hidden) that was set or changed. */
export const HIDDEN_MARK = "[hidden]";

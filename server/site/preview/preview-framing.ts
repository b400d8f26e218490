import { CONTENT_SECURITY_POLICY } from "../../security/security-headers.js";

/**
 * A preview may be framed by this origin's own pages: the admin's page composer shows the draft
 * beside its outline in an <iframe>. Every other document keeps `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY`; other sites still cannot frame a preview (clickjacking a signed link).
 */
export const PREVIEW_FRAMING_HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  "x-frame-options": "SAMEORIGIN",
};

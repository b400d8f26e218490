import type { FastifyRequest } from "fastify";

/**
 * Query parameters that carry a credential in a link (docs/security.md, "Logs"): a page preview's
 * token (`preview`), an order link's and the dummy payment page's (`token`), a password reset's
 * (`code`). A log keeps the rest of the address: which page, which order.
 */
const SECRET_PARAMETERS = new Set(["preview", "token", "code", "access_token", "refresh_token", "secret", "password"]);

export const REDACTED = "[redacted]";

function parameterName(part: string): string {
  const raw = part.split("=", 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The url with every secret-bearing parameter's value replaced; the rest, its order and spelling untouched. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split("&")
    .map((part) => (SECRET_PARAMETERS.has(parameterName(part)) ? `${part.split("=", 1)[0]}=${REDACTED}` : part))
    .join("&");
  return `${url.slice(0, mark)}?${query}`;
}

/** Fastify's own request serializer (what every request log line carries as `req`), with the url redacted. */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

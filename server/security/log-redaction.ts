import type { FastifyRequest } from "fastify";
import { isCredentialPart } from "./credential-parameters.js";

export const REDACTED = "[redacted]";

/**
 * The url with every credential parameter's value (credential-parameters.ts) replaced, the rest,
 * its order and spelling untouched: a log keeps which page or order was asked for, not the key
 * that opens it (docs/security.md, "Logs").
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split("&")
    .map((part) => (isCredentialPart(part) ? `${part.split("=", 1)[0]}=${REDACTED}` : part))
    .join("&");
  return `${url.slice(0, mark)}?${query}`;
}

/** Fastify's own request serializer (what every request log line carries as `req`), with the url redacted. */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.["accept-version"] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

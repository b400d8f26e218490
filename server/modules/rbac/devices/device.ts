import type { FastifyRequest } from "fastify";

/** Where a sign-in comes from, as recorded on its refresh tokens (the list of signed-in devices). */
export interface Device {
  userAgent: string | null;
  address: string | null;
}

/** A header is the client's to write: it is cut to a length any real browser's fits in. */
const MAX_USER_AGENT = 512;

/** The request's device: its User-Agent and its address (the proxy's client address under TRUST_PROXY). */
export function deviceOf(request: FastifyRequest): Device {
  const header = request.headers["user-agent"];
  return { userAgent: header ? header.slice(0, MAX_USER_AGENT) : null, address: request.ip || null };
}

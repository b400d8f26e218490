import { parseCookie, stringifySetCookie, type SetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

// Cookies without a plugin: a global cookie plugin costs every request an onRequest and an onSend
// hook (about a tenth of a simple read's CPU here); only a few routes read or set cookies.

/** One cookie of the request, if sent. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header?.includes(name)) return undefined;
  return parseCookie(header)[name] || undefined;
}

export function setCookie(reply: FastifyReply, cookie: SetCookie) {
  const existing = reply.getHeader("set-cookie");
  const values = existing === undefined ? [] : [existing].flat().map(String);
  reply.header("set-cookie", [...values, stringifySetCookie(cookie)]);
}

export const clearCookie = (reply: FastifyReply, name: string, path = "/") =>
  setCookie(reply, { name, value: "", path, expires: new Date(0) });

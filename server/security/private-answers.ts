import type { FastifyInstance, FastifyRequest } from "fastify";
import { cookieOf } from "../plugins/cookies.js";
import { secretKeyOf } from "../modules/rbac/secret-key.js";
import { SESSION_COOKIE } from "../modules/rbac/sessions.js";
import { hasCredentialParameter } from "./credential-parameters.js";

/** What an answer made for one caller says to caches: the browser may show it, nobody may keep it. */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * Whether the request speaks for someone: a bearer token or any Authorization, a session or
 * secret-key cookie, the secret key's header, or a link's credential in the query (an order
 * link's `token`: its answer holds the buyer's email and address).
 */
function speaksForSomeone(request: FastifyRequest): boolean {
  return Boolean(
    request.headers.authorization ||
      secretKeyOf(request) ||
      cookieOf(request, SESSION_COOKIE) ||
      hasCredentialParameter(request.url),
  );
}

/**
 * One rule for every answer (docs/security.md, "Private answers"): an answer to a request that
 * speaks for someone, or one that sets a cookie (a sign-in's), is `private, no-store` unless its
 * route chose its own Cache-Control — published pages, public files and built assets choose
 * theirs, a signed-in visitor's page its own private one. Without it a shared cache, or the
 * browser's back button on a shared computer, could hand `…/authentication/me` or an order
 * link's answer to the next person.
 */
export function keepPrivateAnswersPrivate(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!reply.hasHeader("cache-control") && (reply.hasHeader("set-cookie") || speaksForSomeone(request)))
      reply.header("cache-control", PRIVATE_ANSWER);
    done(null, payload);
  });
}

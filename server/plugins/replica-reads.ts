import type { FastifyInstance, FastifyRequest } from "fastify";
import { readForVisitor } from "../../engine/db/replica-reads.js";
import { hasSession } from "../site/page-caching.js";
import { cookieOf, setCookie } from "./cookies.js";

/**
 * Set on the answer to every write: for the next READ_YOUR_WRITES_SECONDS that browser's reads go
 * to the primary, so a visitor who just added to a cart or sent a form sees it done.
 */
export const WROTE_COOKIE = "sps.wrote";
export const READ_YOUR_WRITES_SECONDS = 5;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * An anonymous visitor's GET or HEAD that wrote nothing lately: its reads may come from a replica.
 * A caller with the server's secret key (a script, an integration) is not a visitor.
 */
const visitorRead = (request: FastifyRequest) =>
  (request.method === "GET" || request.method === "HEAD") &&
  !hasSession(request) &&
  !request.headers["x-rbac-secret-key"] &&
  !cookieOf(request, WROTE_COOKIE);

/**
 * With read replicas (DATABASE_READ_URLS), visitors' reads go to them: site pages, public lists
 * and gets, search, the sitemap. Everyone signed in, every write, and a browser that wrote in the
 * last seconds read the primary; so does every transaction (engine/db/replica-routing.ts). After
 * any change this app hears of, replicas wait until they have it (engine/db/read-replicas.ts).
 */
export function routeVisitorReadsToReplicas(app: FastifyInstance, secureCookies: boolean) {
  const replicas = app.database.replicas;
  if (!replicas) return;
  app.changes.subscribe(() => replicas.afterChange());
  app.addHook("onRequest", (request, reply, done) => {
    if (visitorRead(request)) return readForVisitor(done);
    if (WRITES.has(request.method))
      setCookie(reply, {
        name: WROTE_COOKIE,
        value: "1",
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
        maxAge: READ_YOUR_WRITES_SECONDS,
      });
    done();
  });
}

import type { FastifyInstance } from "fastify";
import { AppError } from "../../engine/errors.js";
import { plainBadRequest } from "../site/plain-documents.js";

/**
 * A NUL character ("%00") in an address is never part of a page, a record or a filter, and
 * PostgreSQL refuses it in text: it is a 400 before any route runs (API.md's body under /api,
 * the site's plain page elsewhere), never a database error turned into a 500.
 */
export function refuseNulInUrls(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    if (!url.includes("%00") && !url.includes("\0")) return done();
    if (url.startsWith("/api/") || url === "/api") return done(new AppError("VALIDATION_ERROR", "the address holds a NUL character (%00)"));
    const language = /^\/ru(\/|$)/.test(url) ? "ru" : "en";
    reply.code(400).type("text/html; charset=utf-8").send(plainBadRequest(language));
  });
}

import type { FastifyInstance } from "fastify";
import { AppError } from "../../engine/errors.js";
import { plainBadRequest } from "../delivery/plain-documents.js";
import { normalizeUrl } from "../site/host/url-templates.js";
import { DEFAULT_LANGUAGE, isLanguage } from "../../engine/schema/languages.js";

/**
 * A NUL character ("%00") in an address is never part of a page, a record or a filter, and
 * PostgreSQL refuses it in text: it is a 400 before any route runs (the JSON error body under /api,
 * the site's plain page elsewhere), never a database error turned into a 500.
 */
export function refuseNulInUrls(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    if (!url.includes("%00") && !url.includes("\0")) return done();
    // Under /api as the router reads the path ("/%61pi/…" is "/api/…"): the JSON error body.
    if (/^\/api(\/|$)/.test(normalizeUrl(url)))
      return done(new AppError("VALIDATION_ERROR", "the address holds a NUL character (%00)"));
    // The page's language from a whole first segment of the raw url (it cannot be normalized).
    const prefix = /^\/([^/]+)(\/|$)/.exec(url)?.[1];
    const language = isLanguage(prefix) ? prefix : DEFAULT_LANGUAGE;
    reply.code(400).type("text/html; charset=utf-8").send(plainBadRequest(language));
  });
}

import type { FastifyInstance } from "fastify";
import { createReadStream } from "node:fs";
import { contentTypeOf } from "../../web/static-files.js";
import type { LocalDiskStorage } from "./local-disk-storage.js";

export const PUBLIC_FILES_PREFIX = "/public/files";

/**
 * GET /public/files/{name}: the stored uploads, public like the files table they belong to (not
 * under /api, so no authorization hook). Uploaded bytes are someone else's content served from
 * our origin: nosniff plus a sandboxing CSP keep an uploaded HTML or SVG file from running script.
 */
export function registerPublicFilesRoute(app: FastifyInstance, storage: LocalDiskStorage) {
  app.get(`${PUBLIC_FILES_PREFIX}/*`, (request, reply) => {
    const file = storage.find((request.params as { "*": string })["*"]);
    if (!file) return reply.code(404).type("text/plain").send("Not found");
    reply.header("x-content-type-options", "nosniff");
    reply.header("content-security-policy", "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    reply.header("cache-control", "public, max-age=31536000, immutable");
    return reply.type(contentTypeOf(file)).send(createReadStream(file));
  });
}

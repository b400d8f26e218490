import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createReadStream, existsSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { DOCUMENT_ONLY_HEADERS } from "../security/security-headers.js";
import { isCompressible, negotiateEncoding, varyOnEncoding } from "./compression.js";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".txt": "text/plain; charset=utf-8",
};

export const contentTypeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";

/** A file under `root` named by an untrusted relative path, or null (missing, a folder, or outside root). */
export function fileInside(root: string, relativePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = normalize(join(root, decoded));
  if (!file.startsWith(root + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Admin not built</title>
<p>The admin bundle is not built. Run <code>npm run build:web</code> (npm start does it first).</p>`;

const SUFFIX = { br: ".br", gzip: ".gz" } as const;

/**
 * Sends a built file, as the compressed copy beside it (`app.js.br`, `app.js.gz`, written by
 * `npm run build:web`) when the client accepts that encoding: compressed once at build time at
 * the highest setting, never per request. Without such a copy the answer hook compresses it.
 */
function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: string) {
  const type = contentTypeOf(file);
  reply.type(type);
  if (isCompressible(type)) {
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    const compressed = encoding === "identity" ? undefined : file + SUFFIX[encoding];
    if (compressed && existsSync(compressed)) {
      reply.header("content-encoding", encoding).header("content-length", statSync(compressed).size);
      return reply.send(createReadStream(compressed));
    }
  }
  reply.header("content-length", statSync(file).size);
  return reply.send(createReadStream(file));
}

/**
 * /static/* serves the built bundles: hashed names under /static/assets are cached for a year as
 * immutable (a new build makes new names), the few unhashed files for five minutes; /admin and everything
 * under it answers the admin's index.html, whose client router takes over. `dist`: the bundles'
 * folder (app.web.bundles.dir, server/delivery/web-layer.ts).
 */
export function registerWebFiles(app: FastifyInstance, dist: string) {
  app.get("/static/*", (request, reply) => {
    const file = fileInside(dist, (request.params as { "*": string })["*"]);
    if (!file || file.endsWith(".html")) return reply.code(404).type("text/plain").send("Not found");
    const immutable = file.startsWith(join(dist, "assets") + sep);
    reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
    // The document's policies (CSP, framing, …) mean nothing on a hashed script or style sheet.
    if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return sendBuiltFile(request, reply, file);
  });

  const adminPage = (request: FastifyRequest, reply: FastifyReply) => {
    const index = join(dist, "admin", "index.html");
    reply.header("cache-control", "no-cache");
    if (!existsSync(index)) return reply.code(503).type("text/html; charset=utf-8").send(NOT_BUILT);
    return sendBuiltFile(request, reply, index);
  };
  app.get("/admin", adminPage);
  app.get("/admin/*", adminPage);
}

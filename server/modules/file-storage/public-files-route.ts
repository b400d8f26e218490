import type { FastifyInstance, FastifyRequest } from "fastify";
import { validationError } from "../../../engine/errors.js";
import { IMAGE_WIDTHS, type ImageWidths } from "./image-widths.js";
import { PUBLIC_FILES_PREFIX } from "./stored-files.js";
import type { FileAccess } from "./public-file-access.js";
import { isStorageKey, type StorageDriver } from "./storage/storage-driver.js";

/** Extensions of the formats `?w=` resizes; other files are served as they are. */
const RESIZABLE = /\.(jpg|png|webp|gif|avif|tif)$/;

/**
 * GET /public/files/{key}[?w=640]: the stored files, public like the files table they belong to
 * (not under /api, so no authorization hook), from whichever storage driver is set. Uploaded
 * bytes are someone else's content served from our origin: nosniff plus a sandboxing CSP keep
 * an uploaded HTML or SVG file from running script. Keys are random and never reused, so the
 * answers are cached for good. A file not every visitor may read (public-file-access.ts: made for
 * one subject, or shown only in members-only content) is served `private, no-store` to those who
 * may read it, and is the unknown key's 404 to everyone else.
 */
export function registerPublicFilesRoute(
  app: FastifyInstance,
  driver: StorageDriver,
  widths: ImageWidths,
  access: (key: string, request: FastifyRequest) => Promise<FileAccess>,
) {
  app.get<{ Params: { "*": string }; Querystring: { w?: string } }>(
    `${PUBLIC_FILES_PREFIX}/*`,
    async (request, reply) => {
      const key = request.params["*"];
      const w = request.query.w;
      if (w !== undefined && !IMAGE_WIDTHS.includes(Number(w) as (typeof IMAGE_WIDTHS)[number])) {
        throw validationError(`/w must be one of ${IMAGE_WIDTHS.join(", ")}`, [
          { path: "/w", message: `must be one of ${IMAGE_WIDTHS.join(", ")}` },
        ]);
      }
      if (!isStorageKey(key) || key.startsWith("w")) return reply.code(404).type("text/plain").send("Not found");
      const reader = await access(key, request);
      if (reader === "refused") return reply.code(404).type("text/plain").send("Not found");
      const object =
        (w !== undefined && RESIZABLE.test(key) ? await widths.get(key, Number(w)) : null) ?? (await driver.get(key));
      if (!object) return reply.code(404).type("text/plain").send("Not found");
      reply.header("x-content-type-options", "nosniff");
      reply.header(
        "content-security-policy",
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      reply.header("cache-control", reader === "private" ? "private, no-store" : "public, max-age=31536000, immutable");
      if (object.size) reply.header("content-length", object.size);
      return reply.type(object.contentType).send(object.body);
    },
  );
}

import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validationError } from "../../engine/errors.js";

/** Fields a stored upload sets in `data`: the file's public path, and its size and type where the model has them. */
export type UploadedValues = Record<string, unknown>;

/**
 * Where file parts go (the file-storage module provides it as `app.fileUploads`): which
 * route and field take a file, and storing one. Without it, or for any other route or field, a
 * file part is a 400.
 */
export interface FileUploads {
  /** The largest file part taken (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  accepts(request: FastifyRequest, fieldName: string): boolean;
  store(request: FastifyRequest, part: MultipartFile): Promise<UploadedValues>;
}

declare module "fastify" {
  interface FastifyInstance {
    fileUploads?: FileUploads;
  }
}

export const BODY_LIMIT = 1024 * 1024;

/** Bodies arrive as JSON `{ data }`, urlencoded `data=<json>` or multipart with a `data` part. */
export async function registerBodyParsers(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { limits: { fieldSize: BODY_LIMIT, fields: 50, fileSize: app.fileUploads?.maxBytes ?? 50 * 1024 * 1024, files: 10 } });
}

/** The request's `data`, parsed from whichever form it came in; "No data" when absent. */
export async function readData(request: FastifyRequest): Promise<unknown> {
  let raw: unknown;
  let uploaded: UploadedValues | undefined;
  if (request.isMultipart()) {
    const uploads = request.server.fileUploads;
    for await (const part of request.parts()) {
      if (part.type === "field" && part.fieldname === "data") raw = part.value;
      else if (part.type === "file") {
        if (!uploads?.accepts(request, part.fieldname)) {
          part.file.resume();
          throw validationError(`/${part.fieldname} file parts are not accepted by this route`, [
            { path: `/${part.fieldname}`, message: "file parts are not accepted by this route" },
          ]);
        }
        uploaded = { ...uploaded, ...(await uploads.store(request, part)) };
      }
    }
    if (uploaded) return { ...(parseData(raw, true) as object), ...uploaded };
  } else {
    raw = (request.body as Record<string, unknown> | undefined)?.data;
  }
  return parseData(raw, false);
}

/** `data` as a value; with an uploaded file it may be absent (the file is the data) but must be an object. */
function parseData(raw: unknown, withFiles: boolean): unknown {
  if (raw === undefined || raw === null || raw === "") {
    if (withFiles) return {};
    throw validationError("No data", [{ path: "/data", message: "is required" }]);
  }
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw validationError("/data must be JSON", [{ path: "/data", message: "must be JSON" }]);
    }
  }
  if (withFiles && (typeof value !== "object" || value === null || Array.isArray(value))) {
    throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
  }
  return value;
}

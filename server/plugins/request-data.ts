import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validationError } from "../../engine/errors.js";

export const BODY_LIMIT = 1024 * 1024;

/** Bodies arrive as JSON `{ data }`, urlencoded `data=<json>` or multipart with a `data` part. */
export async function registerBodyParsers(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { limits: { fieldSize: BODY_LIMIT, fields: 50, fileSize: 50 * 1024 * 1024, files: 10 } });
}

/** The request's `data`, parsed from whichever form it came in; "No data" when absent. */
export async function readData(request: FastifyRequest): Promise<unknown> {
  let raw: unknown;
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === "field" && part.fieldname === "data") raw = part.value;
      else if (part.type === "file") {
        part.file.resume();
        throw validationError(`/${part.fieldname} file parts are not accepted by this route`, [
          { path: `/${part.fieldname}`, message: "file parts are not accepted by this route" },
        ]);
      }
    }
  } else {
    raw = (request.body as Record<string, unknown> | undefined)?.data;
  }
  if (raw === undefined || raw === null || raw === "") throw validationError("No data", [{ path: "/data", message: "is required" }]);
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw validationError("/data must be JSON", [{ path: "/data", message: "must be JSON" }]);
  }
}

import formbody from "@fastify/formbody";
import { fastifyMultipart, type FastifyMultipartOptions, type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../engine/errors.js";

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
  await streamModeMultipart(app, {
    limits: { ...MULTIPART_LIMITS, fieldSize: BODY_LIMIT, fileSize: app.fileUploads?.maxBytes ?? 50 * 1024 * 1024 },
  });
}

/**
 * @fastify/multipart without the two hooks of its disk mode. Those clean the temporary files
 * `saveRequestFiles` writes, when the response ends or the client leaves, and they run on every
 * request of the scope: an async onRequest that listens for the connection's close, and an async
 * onResponse, which also makes Fastify watch every response's finish. Every body here is read in
 * stream mode (readMultipart), which writes no temporary file, so there is never one to clean.
 * The plugin runs in this scope, as `register` runs it (it is not encapsulated).
 */
async function streamModeMultipart(app: FastifyInstance, options: FastifyMultipartOptions) {
  const diskModeHooks = new Set(["onRequest", "onResponse"]);
  const withoutDiskModeHooks = new Proxy(app, {
    get(target, key, receiver) {
      if (key !== "addHook") return Reflect.get(target, key, receiver);
      return (name: string, hook: never) => (diskModeHooks.has(name) ? receiver : target.addHook(name as never, hook));
    },
  });
  await new Promise<void>((resolve, reject) =>
    fastifyMultipart(withoutDiskModeHooks, options, (error) => (error ? reject(error) : resolve())),
  );
}

/** Parts of a multipart body: `data`, a few other fields, a few files. */
const MULTIPART_LIMITS = { fields: 50, files: 10, parts: 70 };

/**
 * A body as it came, in any of the three body forms (docs/api.md): its `data` field unparsed (a JSON text from
 * multipart or urlencoded, a value from JSON), its other fields (multipart text parts,
 * urlencoded pairs, JSON keys), and what stored file parts set. The one reader of request bodies:
 * the generic routes and every module route (server/modules/input.ts) read through it, so the
 * three forms mean the same on every route. A multipart body can be read once only.
 */
export interface RequestBody {
  data: unknown;
  fields: Record<string, unknown>;
  uploaded?: UploadedValues;
}

export async function readBody(request: FastifyRequest): Promise<RequestBody> {
  if (request.isMultipart()) return readMultipart(request);
  const body = request.body;
  if (!isFields(body)) return { data: undefined, fields: {} };
  const { data, ...fields } = body;
  return { data, fields };
}

/** A JSON or urlencoded body's fields (an object); anything else has none. */
const isFields = (body: unknown): body is Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body);

/** The `data` of a body read by readBody, parsed: with stored files, the files' fields added. */
export function dataOf(body: RequestBody): unknown {
  if (body.uploaded) return { ...(parseData(body.data, true) as object), ...body.uploaded };
  return parseData(body.data, false);
}

/**
 * The request's `data`, parsed from whichever form it came in; "No data" when absent. Await it:
 * a multipart body is read part by part (a promise), a JSON or urlencoded one is already parsed
 * and its `data` answered at once, without a promise or a copy of its other fields.
 */
export function readData(request: FastifyRequest): unknown {
  if (request.isMultipart()) return readBody(request).then(dataOf);
  const body = request.body;
  return parseData(isFields(body) ? body.data : undefined, false);
}

const tooLarge = (limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `the body is larger than this route's limit of ${limit} bytes`);
const malformed = () =>
  validationError("the multipart body is malformed", [
    { path: "/", message: "is not a well-formed multipart/form-data body" },
  ]);

/** A storage failure while a file part is kept: the server's fault, not the body's. */
class StoreFailure {
  constructor(readonly error: unknown) {}
}

/**
 * A multipart body is read here, part by part, not by Fastify's body parsers, so the route's
 * body limit is applied here too: to its fields together (a file part only where a route and
 * field take files, with the upload limit). A malformed body (no boundary, cut short) is a 400.
 */
async function readMultipart(request: FastifyRequest): Promise<RequestBody> {
  const limit = request.routeOptions.bodyLimit ?? BODY_LIMIT;
  const uploads = request.server.fileUploads;
  let raw: unknown;
  const fields: Record<string, unknown> = {};
  let uploaded: UploadedValues | undefined;
  let fieldBytes = 0;
  try {
    // fieldSize one byte over the limit: a value cut there is known to be too large.
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fieldSize: limit + 1 } })) {
      if (part.type === "field") {
        fieldBytes +=
          Buffer.byteLength(part.fieldname) + (part.valueTruncated ? limit + 1 : Buffer.byteLength(String(part.value)));
        if (fieldBytes > limit) throw tooLarge(limit);
        if (part.fieldname === "data") raw = part.value;
        else if (part.fieldname !== "__proto__") fields[part.fieldname] = part.value;
      } else {
        if (!uploads?.accepts(request, part.fieldname)) {
          part.file.resume();
          throw validationError(`/${part.fieldname} file parts are not accepted by this route`, [
            { path: `/${part.fieldname}`, message: "file parts are not accepted by this route" },
          ]);
        }
        uploaded = {
          ...uploaded,
          ...(await uploads.store(request, part).catch((error) => Promise.reject(new StoreFailure(error)))),
        };
      }
    }
  } catch (error) {
    if (error instanceof StoreFailure) throw error.error;
    if (error instanceof AppError) throw error;
    // The parser's own limits (fields, files, parts, file size) are 413s; anything else it raises is the body's fault.
    const parserError = error as { statusCode?: number; code?: string };
    if (parserError?.code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("PAYLOAD_TOO_LARGE", `a file is larger than the upload limit of ${uploads?.maxBytes} bytes`);
    throw parserError?.statusCode === 413 ? tooLarge(limit) : malformed();
  }
  return { data: raw, fields, uploaded };
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

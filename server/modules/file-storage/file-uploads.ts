import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { Model } from "../../../engine/schema/model.js";
import type { Registry } from "../../../engine/schema/registry.js";
import type { FileUploads, UploadedValues } from "../../plugins/request-data.js";
import { tooLarge, type StoredFiles } from "./stored-files.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Files stored while handling this request (record values), removed again if the request fails. */
    storedUploads?: string[];
  }
}

/** The generic create and update routes of a model: `/api/{module}/{entity}` and `…/:id`. */
export const WRITE_ROUTE = /^\/api\/([a-z0-9-]+\/[a-z0-9-]+)(\/:id)?$/;

async function readPart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw tooLarge(part.fieldname, maxBytes);
  return Buffer.concat(chunks);
}

/**
 * Accepts file parts for the fields a schema marks `x-input: "file"`, on that model's generic
 * create (POST) and update (PATCH) only: the bytes go to the storage driver, the field gets the
 * public path, and size, mimeType, extension, width and height (from the bytes, not from the
 * client's name or header) are filled when the model has those fields.
 */
export function fileUploads(registry: Registry, files: StoredFiles): FileUploads {
  const modelOf = (request: FastifyRequest): Model | undefined => {
    const match = WRITE_ROUTE.exec(request.routeOptions.url ?? "");
    if (!match) return undefined;
    const updating = Boolean(match[2]);
    if ((updating && request.method !== "PATCH") || (!updating && request.method !== "POST")) return undefined;
    const model = registry.find(match[1]!);
    return model && !model.internal ? model : undefined;
  };

  return {
    maxBytes: files.maxBytes,

    accepts(request, fieldName) {
      const field = modelOf(request)?.fieldMap.get(fieldName);
      return Boolean(field && field.input === "file" && !field.hidden);
    },

    async store(request, part: MultipartFile): Promise<UploadedValues> {
      const model = modelOf(request)!;
      const bytes = await readPart(part, files.maxBytes);
      const stored = await files.store(bytes, part.filename, part.fieldname);
      (request.storedUploads ??= []).push(stored.file);
      const values: UploadedValues = { [part.fieldname]: stored.file };
      const fill = (name: string, value: unknown) => {
        if (value !== undefined && value !== "" && model.fieldMap.has(name) && !model.fieldMap.get(name)!.hidden)
          values[name] = value;
      };
      for (const name of ["size", "mimeType", "extension", "width", "height"] as const) fill(name, stored[name]);
      return values;
    },
  };
}

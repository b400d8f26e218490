import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../../engine/errors.js";
import type { Model } from "../../../engine/schema/model.js";
import type { Registry } from "../../../engine/schema/registry.js";
import type { FileUploads, UploadedValues } from "../../plugins/request-data.js";
import type { LocalDiskStorage } from "./local-disk-storage.js";
import { PUBLIC_FILES_PREFIX } from "./public-files-route.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Files stored while reading this request's body, removed again if the request fails. */
    storedUploads?: string[];
  }
}

/** The generic create and update routes of a model: `/api/{module}/{entity}` and `…/:id`. */
const WRITE_ROUTE = /^\/api\/([a-z0-9-]+\/[a-z0-9-]+)(\/:id)?$/;

/**
 * Accepts file parts for the fields a schema marks `x-input: "file"`, on that model's generic
 * create (POST) and update (PATCH) only: the bytes go to the storage driver, the field gets the
 * public path, and size, mimeType and extension are filled when the model has those fields.
 */
export function fileUploads(registry: Registry, storage: LocalDiskStorage): FileUploads {
  const modelOf = (request: FastifyRequest): Model | undefined => {
    const match = WRITE_ROUTE.exec(request.routeOptions.url ?? "");
    if (!match) return undefined;
    const updating = Boolean(match[2]);
    if ((updating && request.method !== "PATCH") || (!updating && request.method !== "POST")) return undefined;
    const model = registry.find(match[1]!);
    return model && !model.internal ? model : undefined;
  };

  return {
    accepts(request, fieldName) {
      const field = modelOf(request)?.fieldMap.get(fieldName);
      return Boolean(field && field.input === "file" && !field.hidden);
    },

    async store(request, part: MultipartFile): Promise<UploadedValues> {
      const model = modelOf(request)!;
      const stored = await storage.save(part.file, part.filename);
      (request.storedUploads ??= []).push(stored.name);
      if (part.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", `/${part.fieldname} is larger than the upload limit`);
      const values: UploadedValues = { [part.fieldname]: `${PUBLIC_FILES_PREFIX}/${stored.name}` };
      const fill = (name: string, value: unknown) => {
        if (model.fieldMap.has(name) && !model.fieldMap.get(name)!.hidden) values[name] = value;
      };
      fill("size", stored.size);
      fill("mimeType", part.mimetype);
      if (stored.extension) fill("extension", stored.extension);
      return values;
    },
  };
}

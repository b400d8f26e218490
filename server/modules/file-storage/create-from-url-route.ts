import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import type { Config } from "../../config.js";
import { readInput } from "../input.js";
import { isPlainObject } from "../../../engine/query/plain-object.js";
import type { StoredFiles } from "./stored-files.js";
import { fetchRemoteFile } from "./url-fetch/fetch-remote-file.js";
import { parseAllowList } from "./url-fetch/ssrf-guard.js";

/**
 * POST /api/file-storage/files/create-from-url (SPEC.md section 7): `data.url` is fetched (see
 * fetch-remote-file.ts for what it refuses), stored like an upload (type sniffed, width and
 * height measured) and made a file record with the other fields of `data` (alt, adminTitle, …).
 * If the record cannot be made, the stored file is removed again. Who may call it: whoever may
 * create files (admins by default).
 */
export function registerCreateFromUrlRoute(app: FastifyInstance, config: Config, files: StoredFiles) {
  const allowList = parseAllowList(config.fileStorage.fetchAllowedAddresses);
  if (config.production && allowList.length) app.log.warn("URL_FETCH_ALLOWED_ADDRESSES is set: create-from-url may reach those private addresses");
  app.post(
    "/api/file-storage/files/create-from-url",
    {
      config: {
        docs: {
          tag: "file-storage",
          summary: "Fetch a remote http(s) file into storage and create its file record: `data.url` plus any file fields; 201 with the record. Private, loopback and metadata addresses are refused (400)",
          body: { type: "object", properties: { data: { type: "object", properties: { url: { type: "string", format: "uri" } }, required: ["url"] } }, required: ["data"] },
          status: 201,
        },
      },
    },
    async (request, reply) => {
      const input = await readInput(request);
      if (!isPlainObject(input)) throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
      const { url, ...fields } = input;
      if (url === undefined) throw validationError("url is required", [{ path: "/url", message: "is required" }]);
      const remote = await fetchRemoteFile(url, { allowList, maxBytes: files.maxBytes, timeoutMs: config.fileStorage.fetchTimeoutMs });
      const stored = await files.store(remote.bytes, remote.name, "url");
      try {
        const record = await app.repositories.get("file-storage/files")!.create({ adminTitle: remote.name || undefined, ...fields, ...stored });
        return reply.status(201).send({ data: record });
      } catch (error) {
        await files.remove(stored.file);
        throw error;
      }
    },
  );
}

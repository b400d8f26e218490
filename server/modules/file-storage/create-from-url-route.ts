import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { inputSchema, objectInput } from "../input.js";
import { defineRoute } from "../route.js";
import type { StoredFiles } from "./stored-files.js";
import { fetchRemoteFile } from "./url-fetch/fetch-remote-file.js";
import { parseAllowList } from "./url-fetch/ssrf-guard.js";

// What `url` may be is fetchRemoteFile's to say (its own 400s); here it must only be there.
const input = objectInput(
  inputSchema<{ url: unknown; [field: string]: unknown }>({
    properties: { url: { description: "an http(s) address" } },
    required: ["url"],
    additionalProperties: true,
  }),
);

/**
 * POST /api/file-storage/files/create-from-url (docs/files.md): `data.url` is fetched (see
 * fetch-remote-file.ts for what it refuses), stored like an upload (type sniffed, width and
 * height measured) and made a file record with the other fields of `data` (alt per language, adminTitle, …).
 * If the record cannot be made, the stored file is removed again. Who may call it: whoever may
 * create files (admins by default).
 */
export function registerCreateFromUrlRoute(app: FastifyInstance, config: Config, files: StoredFiles) {
  const allowList = parseAllowList(config.fileStorage.fetchAllowedAddresses);
  if (config.production && allowList.length)
    app.log.warn("URL_FETCH_ALLOWED_ADDRESSES is set: create-from-url may reach those private addresses");
  defineRoute(
    app,
    {
      method: "POST",
      url: "/api/file-storage/files/create-from-url",
      tag: "file-storage",
      summary:
        "Fetch a remote http(s) file into storage and create its file record: `data.url` plus any file fields; 201 with the record. Private, loopback and metadata addresses are refused (400)",
      body: input,
      status: 201,
    },
    async ({ body: { url, ...fields } }, _request, reply) => {
      const remote = await fetchRemoteFile(url, {
        allowList,
        maxBytes: files.maxBytes,
        timeoutMs: config.fileStorage.fetchTimeoutMs,
      });
      const stored = await files.store(remote.bytes, remote.name, "url");
      try {
        const record = await app.repositories
          .get("file-storage/files")!
          .create({ adminTitle: remote.name || undefined, ...fields, ...stored });
        return reply.status(201).send({ data: record });
      } catch (error) {
        await files.remove(stored.file);
        throw error;
      }
    },
  );
}

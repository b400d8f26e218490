import type { FastifyInstance } from "fastify";
import { join } from "node:path";
import type { Config } from "../../config.js";
import { fileUploads } from "./file-uploads.js";
import { LocalDiskStorage } from "./local-disk-storage.js";
import { registerPublicFilesRoute } from "./public-files-route.js";

/**
 * File uploads for `x-input: "file"` fields (multipart create and update of the generic routes)
 * and GET /public/files/* serving them. Stored files of a request that fails are removed, so a
 * rejected form leaves nothing behind.
 */
export function registerFileStorageModule(app: FastifyInstance, config: Config) {
  const storage = new LocalDiskStorage(join(config.dataDir, "uploads"));
  app.decorate("fileUploads", fileUploads(app.registry, storage));
  app.decorateRequest("storedUploads", undefined);
  // onSend, not onResponse: the files are gone before the client hears of the failure.
  // Callback style: requests without uploads (nearly all) pay no promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.storedUploads || reply.statusCode < 400) return done(null, payload);
    Promise.all(request.storedUploads.map((name) => storage.remove(name))).then(() => done(null, payload), done);
  });
  registerPublicFilesRoute(app, storage);
}

import type { FastifyInstance, FastifyRequest, onSendHookHandler } from "fastify";
import type { Config } from "../../config.js";
import { addReadLimit } from "../../crud/read-limits.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { registerCreateFromUrlRoute } from "./create-from-url-route.js";
import { registerGenerateRoute } from "./images/generate-route.js";
import { GeneratedFiles } from "./images/generated-files.js";
import { registerOpengraphImages } from "./images/opengraph.js";
import { OpengraphPages } from "./images/opengraph-pages.js";
import { fileUploads, WRITE_ROUTE } from "./file-uploads.js";
import { ImageWidths } from "./image-widths.js";
import { registerPublicFilesRoute } from "./public-files-route.js";
import { registerMediaRoutes } from "./media/media-routes.js";
import { removeReplacedFiles } from "./replaced-files.js";
import { createStorageDriver } from "./storage/create-driver.js";
import { StoredFiles } from "./stored-files.js";
import { SubjectFiles } from "./subject-files.js";
import { callerOfRequest, type Caller } from "../rbac/index.js";
import { PublicFileAccess } from "./public-file-access.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Stored files on the configured driver (local disk or S3). */
    storedFiles: StoredFiles;
    /** Images drawn from templates (Open Graph, receipts, product attachments); modules register their templates. */
    generatedFiles: GeneratedFiles;
    /** Files made for one subject (receipts): modules name their variants and who reads them. */
    subjectFiles: SubjectFiles;
    /** The pages the Open Graph images are drawn for: the site hands in its reader (opengraph-pages.ts). */
    opengraphPages: OpengraphPages;
  }
}

/**
 * Files: uploads for `x-input: "file"` fields (multipart create and update of the generic
 * routes), GET /public/files/* serving them (and resized widths of images), and removal of a
 * stored file when its record is deleted or given another file. Stored files of a request that
 * fails are removed, so a rejected form leaves nothing behind. POST …/files/create-from-url
 * fetches a remote file into storage; POST …/files/generate draws an image from a template; every
 * page's Open Graph image is drawn at /public/opengraph/{pageId}.png. GET /api/file-storage/media
 * is the admin's media grid and where each file is used.
 */
export async function registerFileStorageModule(app: FastifyInstance, config: Config) {
  const driver = await createStorageDriver(config);
  const files = new StoredFiles(driver, config.fileStorage.maxBytes);
  app.decorate("storedFiles", files);
  const generated = new GeneratedFiles(files, app.repositories.get("file-storage/files")!, app.log);
  app.decorate("generatedFiles", generated);
  app.decorate("opengraphPages", new OpengraphPages());
  const callerOf = (request: FastifyRequest) =>
    callerOfRequest(request, app.rbac.tokens, app.rbac.revoked, config.rbacSecretKey);
  const subjectFiles = new SubjectFiles(app.repositories.get("file-storage/files")!, callerOf);
  app.decorate("subjectFiles", subjectFiles);
  addReadLimit(app, "file-storage/files", subjectFiles);
  app.decorate("fileUploads", fileUploads(app.registry, files));
  app.decorateRequest("storedUploads", undefined);
  app.decorateRequest("previousFiles", undefined);
  // onSend, not onResponse: the files are gone before the client hears of the failure.
  // Callback style: requests without uploads (nearly all) pay no promise. Only on the routes that
  // store uploads (a generic create or update of a model with a file field, see file-uploads.ts;
  // registered after this module), so no other request runs the hook.
  const removeUploadsOfFailure: onSendHookHandler = (request, reply, payload, done) => {
    if (!request.storedUploads || reply.statusCode < 400) return done(null, payload);
    Promise.all(request.storedUploads.map((file) => files.remove(file))).then(() => done(null, payload), done);
  };
  // Only models with a file field take file parts (file-uploads.ts, `accepts`).
  const takesFiles = (url: string) => {
    const model = app.registry.find(WRITE_ROUTE.exec(url)?.[1] ?? "");
    return model !== undefined && !model.internal && model.fields.some((f) => f.input === "file" && !f.hidden);
  };
  app.addHook("onRoute", (route) => {
    const writes = [route.method].flat().some((method) => method === "POST" || method === "PATCH");
    if (writes && takesFiles(route.url)) route.onSend = [...[route.onSend ?? []].flat(), removeUploadsOfFailure];
  });
  removeReplacedFiles(app, files);
  // Files have no drafts: members-only files are judged by the links visitors read (the published ones).
  const hiddenFrom = (caller: Caller) => app.rbac.membersOnly.hiddenIds(caller, "file-storage/files", "published");
  const access = new PublicFileAccess(app.repositories.get("file-storage/files")!, subjectFiles, hiddenFrom, callerOf);
  app.addHook("onClose", async () => driver.close?.());
  await app.register(async (routes) => {
    registerPublicFilesRoute(routes, driver, new ImageWidths(driver), (key, request) => access.access(key, request));
    registerOpengraphImages(routes, generated, driver, config.publicUrl);
    await routes.register(async (writes) => {
      await registerBodyParsers(writes);
      registerCreateFromUrlRoute(writes, config, files);
      registerGenerateRoute(writes, generated);
      registerMediaRoutes(writes);
    });
  });
}

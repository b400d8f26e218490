import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from "fastify";
import type { Model } from "../../../engine/schema/model.js";
import { WRITE_ROUTE } from "./file-uploads.js";
import { storageKeyOf, type StoredFiles } from "./stored-files.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The stored files a record held before this PATCH or DELETE, to remove once it no longer does. */
    previousFiles?: { model: Model; values: string[] };
  }
}

const fileFields = (model: Model) => model.fields.filter((f) => f.input === "file" && !f.hidden).map((f) => f.name);

/**
 * Deleting a record or giving it another file removes the stored file it had (and the file's
 * resized copies), so a file taken down in the admin stops being served. The record's values are
 * read before the write; after a successful answer, each stored file the record no longer names
 * is removed, unless another record still names it.
 */
export function removeReplacedFiles(app: FastifyInstance, files: StoredFiles) {
  const models = new Map(
    app.registry.models.filter((m) => !m.internal && fileFields(m).length > 0).map((m) => [m.id, m]),
  );
  if (models.size === 0) return;

  /** The model whose record a route (PATCH or DELETE of a generic `…/:id`) replaces or deletes. */
  const targetOf = (method: string, url: string) => {
    if (method !== "PATCH" && method !== "DELETE") return undefined;
    const match = WRITE_ROUTE.exec(url);
    return match?.[2] ? models.get(match[1]!) : undefined;
  };

  const remember = async (request: FastifyRequest, model: Model) => {
    const id = (request.params as { id?: string }).id!;
    const current = await app.repositories
      .get(model.id)!
      .get(id)
      .catch(() => undefined);
    if (!current) return;
    const values = fileFields(model)
      .map((f) => current[f])
      .filter((v): v is string => storageKeyOf(v) !== undefined);
    if (values.length) request.previousFiles = { model, values };
  };

  const removeUnnamed = async (request: FastifyRequest) => {
    const previous = request.previousFiles!;
    let kept: unknown[] = [];
    if (request.method === "PATCH") {
      // Read back rather than from the answer: by now the answer may be compressed bytes (brotli for a browser).
      const id = (request.params as { id: string }).id;
      const record = await app.repositories
        .get(previous.model.id)!
        .get(id)
        .catch(() => ({}) as Record<string, unknown>);
      kept = fileFields(previous.model).map((f) => (record as Record<string, unknown>)[f]);
    }
    for (const value of previous.values) {
      if (!kept.includes(value) && !(await stillNamed(app, value))) await files.remove(value);
    }
  };

  // Only on the routes that replace or delete such a record, decided once as each route is
  // registered (the generic routes come after this module): every other request runs no hook
  // for it. Callback style: no promise where none is needed.
  app.addHook("onRoute", (route) => {
    const model = [route.method]
      .flat()
      .map((method) => targetOf(method, route.url))
      .find((m) => m !== undefined);
    if (!model) return;
    const before: preHandlerHookHandler = (request, _reply, done) => {
      if (request.method !== "PATCH" && request.method !== "DELETE") return done();
      remember(request, model).then(() => done(), done);
    };
    const after: onSendHookHandler = (request, reply, payload, done) => {
      if (!request.previousFiles || reply.statusCode >= 400) return done(null, payload);
      removeUnnamed(request).then(() => done(null, payload), done);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), before];
    route.onSend = [...[route.onSend ?? []].flat(), after];
  });
}

/** Whether any record of a model with a file field still names this stored file. */
async function stillNamed(app: FastifyInstance, value: string): Promise<boolean> {
  for (const model of app.registry.models) {
    for (const name of fileFields(model)) {
      const field = model.fieldMap.get(name)!;
      const count = await app.repositories.get(model.id)!.count([{ field, kind: field.kind, method: "eq", value }]);
      if (count > 0) return true;
    }
  }
  return false;
}

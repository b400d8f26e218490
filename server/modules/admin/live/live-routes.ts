import type { FastifyInstance } from "fastify";
import { AppError, validationError } from "../../../../engine/errors.js";
import { inputSchema } from "../../input.js";
import type { Caller } from "../../rbac/index.js";
import { defineRoute } from "../../route.js";
import { LiveHub } from "./live-hub.js";
import type { RecordRef } from "./presence-board.js";

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
const MODEL = { type: "string", pattern: "^[a-z0-9-]{1,80}/[a-z0-9-]{1,80}$", "x-message": "must be a model id" };
const RECORD = {
  type: "object",
  properties: { model: MODEL, id: { type: "string", pattern: UUID, "x-message": "must be a uuid" } },
  required: ["model", "id"],
  additionalProperties: false,
};
/** A screen watches its record and a few of its parts (the composer's chosen block and its items). */
const WATCH_MAX = 50;
const presenceBody = inputSchema<{ stream: string; record?: RecordRef | null; watch?: RecordRef[] }>({
  type: "object",
  properties: {
    stream: { type: "string", pattern: UUID, "x-message": "must be the stream id the live stream said hello with" },
    record: { oneOf: [RECORD, { type: "null" }] },
    watch: { type: "array", items: RECORD, maxItems: WATCH_MAX },
  },
  required: ["stream"],
  additionalProperties: false,
});

/**
 * GET /api/admin/live, the admin tab's one event stream, and POST /api/admin/live/presence, the
 * tab's heartbeat naming what its screen shows (docs/admin.md, "Two editors on one page"). Admins
 * only, like every /api/admin route; a signed-in admin only, as presence names a person.
 */
export function registerLiveRoutes(app: FastifyInstance) {
  const hub = new LiveHub(app);
  const subjectOf = (caller: Caller) => {
    if (caller.kind !== "subject")
      throw new AppError("PERMISSION_ERROR", "the live stream is for a signed-in admin: presence names a person");
    return caller.subjectId;
  };
  const known = (record: RecordRef) => {
    const model = app.registry.find(record.model);
    if (!model || !app.registry.exposed.includes(model))
      throw validationError(`No model ${record.model}`, [{ path: "/data/record/model", message: "is not a model" }]);
    return record;
  };

  defineRoute(
    app,
    {
      method: "GET",
      url: "/api/admin/live",
      tag: "admin",
      summary:
        "The admin tab's server-sent events: `hello` (its stream id), `presence` (who else has its record open) and `changed` (a record it shows or watches was saved, with the new ETag)",
    },
    async (_input, request, reply) => {
      await hub.open(reply, subjectOf(request.caller));
      return reply;
    },
  );

  defineRoute(
    app,
    {
      method: "POST",
      url: "/api/admin/live/presence",
      tag: "admin",
      summary:
        "The tab's heartbeat (every few seconds): the record its screen shows (`null`: none) and the records it watches; a screen not heard of for 15 s counts as closed",
      body: presenceBody,
      status: 204,
    },
    async ({ body }, request, reply) => {
      const subjectId = subjectOf(request.caller);
      // A stream of another instance (or closed) is not known here: the tab connects again.
      if (!hub.owns(body.stream, subjectId)) throw new AppError("NOT_FOUND", "no such live stream here");
      await hub.view(body.stream, body.record ? known(body.record) : undefined, (body.watch ?? []).map(known));
      return reply.status(204).send();
    },
  );
}

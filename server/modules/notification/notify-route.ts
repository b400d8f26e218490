import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import { UUID, inputSchema, objectInput } from "../input.js";
import { defineRoute } from "../route.js";
import type { Notifications } from "./notifications.js";

const params = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });

const body = inputSchema<{ template?: string; subject?: string; text?: string; data?: Record<string, unknown>; sendAfter?: string; language?: "en" | "ru" }>({
  properties: {
    template: { type: "string", minLength: 1, maxLength: 200 },
    subject: { type: "string", minLength: 1, maxLength: 500 },
    text: { type: "string", minLength: 1, maxLength: 20_000 },
    data: { type: "object" },
    sendAfter: { type: "string", format: "date-time" },
    language: { enum: ["en", "ru"] },
  },
});

/**
 * POST /api/rbac/subjects/{id}/notify (SPEC.md section 7): sends that subject a notification by
 * email, to its email identity, in its language: either a template (`template` plus its `data`)
 * or a plain `subject` and `text`; `sendAfter` delays it. Admins and the secret key only (the
 * permission records: no default role but admin has it); 201 with the queued notification.
 */
export function registerNotifyRoute(app: FastifyInstance, notifications: Notifications) {
  defineRoute(
    app,
    {
      method: "POST",
      url: "/api/rbac/subjects/:id/notify",
      tag: "notification",
      summary: "Send the subject a notification by email (admins, secret key): `template` with `data`, or `subject` and `text`; `sendAfter`, `language` optional. 201 with the notification, which the queue delivers",
      params,
      body: objectInput(body),
      status: 201,
    },
    async ({ params: { id }, body: message }, _request, reply) => {
      if (!message.template && !(message.subject && message.text)) {
        throw validationError("template, or subject and text, is required", [{ path: "/template", message: "is required" }]);
      }
      const subject = await app.repositories.get("rbac/subjects")!.get(id);
      const recipient = await emailOf(app, id);
      const created = await notifications.enqueue({
        template: message.template ?? "message",
        recipient,
        language: message.language ?? (subject.language as "en" | "ru") ?? "en",
        data: message.template ? message.data : { ...message.data, subject: message.subject, text: message.text },
        subjectId: id,
        sendAfter: message.sendAfter,
      });
      return reply.status(201).send({ data: created });
    },
  );
}

/** The subject's email: that of its first email identity. */
export async function emailOf(app: FastifyInstance, subjectId: string): Promise<string | undefined> {
  const table = (id: string) => app.registry.get(id).table;
  const row = await app.database.db
    .selectFrom(`${table("rbac/subjects-to-identities")} as si`)
    .innerJoin(`${table("rbac/identities")} as i`, "i.id", "si.identityId")
    .select("i.email")
    .where("si.subjectId", "=", subjectId)
    .where("i.email", "is not", null)
    .orderBy("i.createdAt")
    .executeTakeFirst();
  return row?.email ?? undefined;
}

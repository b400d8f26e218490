import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import { UUID, inputSchema, objectInput } from "../input.js";
import { defineRoute } from "../route.js";
import type { Notifications } from "./notifications.js";
import { LANGUAGE_INPUT, checkLanguage } from "../language-input.js";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../engine/schema/languages.js";
import { fromOriginalNotify, isOriginalNotify, type NotifyRequest } from "./original-notify-body.js";

const params = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });

const body = inputSchema<{
  template?: string;
  subject?: string;
  text?: string;
  data?: Record<string, unknown>;
  sendAfter?: string;
  language?: string;
}>({
  properties: {
    template: { type: "string", minLength: 1, maxLength: 200 },
    subject: { type: "string", minLength: 1, maxLength: 500 },
    text: { type: "string", minLength: 1, maxLength: 20_000 },
    data: { type: "object" },
    sendAfter: { type: "string", format: "date-time" },
    language: LANGUAGE_INPUT,
  },
});

// Either body form: which one decides the checks (ownNotify's schema, or original-notify-body.ts),
// so the declaration checks for an object and documents both forms' fields.
const anyNotifyBody = Object.assign(objectInput(), {
  schema: { type: "object", properties: { ...body.schema.properties, notification: { type: "object" } } },
});

/**
 * POST /api/rbac/subjects/{id}/notify (docs/notifications.md): sends that subject a notification by
 * email, to its email identity, in its language: either a template (`template` plus its `data`)
 * or a plain `subject` and `text`; `sendAfter` delays it. The original client's body,
 * `{ notification: { notification, template: { variant }, topic: { slug } } }`, is taken too: the
 * variant is the template, the topic (one that exists) files it, and the notification's `title`
 * is the subject when the template has none. Admins and the secret key only
 * (the permission records: no default role but admin has it); 201 with the queued notification.
 */
export function registerNotifyRoute(app: FastifyInstance, notifications: Notifications) {
  defineRoute(
    app,
    {
      method: "POST",
      url: "/api/rbac/subjects/:id/notify",
      tag: "notification",
      summary:
        "Send the subject a notification by email (admins, secret key): `template` with `data`, or `subject` and `text`; `sendAfter`, `language` optional; or the original client's `notification: { notification: { title, data }, template: { variant }, topic: { slug } }` (`title`: the subject when the template has none). 201 with the notification, which the queue delivers",
      params,
      body: anyNotifyBody,
      status: 201,
    },
    async ({ params: { id }, body: input }, _request, reply) => {
      const message = isOriginalNotify(input) ? fromOriginalNotify(input) : ownNotify(input);
      // The subject and its email are rbac's (app.rbac.subjects): this module only queues the mail.
      const subject = await app.rbac.subjects.get(id);
      const topicId = message.topicSlug ? await topicNamed(app, message.topicSlug) : undefined;
      const recipient = await emailOf(app, id);
      const created = await notifications.enqueue({
        template: message.template,
        recipient,
        language: message.language ?? (isLanguage(subject.language) ? subject.language : DEFAULT_LANGUAGE),
        data: message.data,
        subject: message.subject,
        subjectId: id,
        sendAfter: message.sendAfter,
      });
      if (topicId)
        await app.repositories
          .get("notification/topics-to-notifications")!
          .create({ topicId, notificationId: created.id });
      return reply.status(201).send({ data: created });
    },
  );
}

/** Our own body: a template with its data, or a plain subject and text (sent with the "message" template). */
function ownNotify(input: unknown): NotifyRequest {
  const message = body(input);
  if (!message.template && !(message.subject && message.text)) {
    throw validationError("template, or subject and text, is required", [
      { path: "/template", message: "is required" },
    ]);
  }
  const data = message.template ? message.data : { ...message.data, subject: message.subject, text: message.text };
  return {
    template: message.template ?? "message",
    data,
    sendAfter: message.sendAfter,
    language: checkLanguage(message.language),
  };
}

/** The id of the topic with this slug; a slug no topic has is a 400 (topics are made in the admin). */
async function topicNamed(app: FastifyInstance, slug: string): Promise<string> {
  const topics = app.repositories.get("notification/topics")!;
  const field = topics.model.fieldMap.get("slug")!;
  const [topic] = await topics.list({
    filters: [{ field, kind: field.kind, method: "eq", value: slug }],
    orderBy: [],
    limit: 1,
    offset: 0,
  });
  if (!topic)
    throw validationError(`topic ${slug} does not exist`, [
      { path: "/notification/topic/slug", message: "does not exist" },
    ]);
  return topic.id as string;
}

/**
 * The subject's email: that of its first email identity, as rbac reads it (app.rbac.subjects).
 * Here for the shop's mails, which import it from this module's index.ts.
 */
export async function emailOf(app: FastifyInstance, subjectId: string): Promise<string | undefined> {
  return app.rbac.subjects.emailOf(subjectId);
}

import { validationError } from "../../../engine/errors.js";
import { LANGUAGE_INPUT, checkLanguage } from "../language-input.js";
import type { Language } from "../../../engine/schema/languages.js";
import { isPlainObject } from "../../../engine/query/plain-object.js";
import { inputSchema } from "../input.js";

/** The notify body the original client sends (docs/api.md "Request shapes the original client sends"). */
interface OriginalNotify {
  notification: {
    notification?: {
      title?: string;
      data?: Record<string, unknown> | string;
      sendAfter?: string;
      method?: "email";
      language?: string;
    };
    template: { variant: string };
    topic?: { slug: string };
  };
}

const originalBody = inputSchema<OriginalNotify>({
  properties: {
    notification: {
      type: "object",
      additionalProperties: false,
      properties: {
        notification: {
          type: "object",
          additionalProperties: false,
          properties: {
            // The original's notifications have a title ("New request from website"): the mail's
            // subject when its template gives none (templates.ts).
            title: { type: "string", minLength: 1, maxLength: 500 },
            // The original keeps a notification's data as a JSON string; an object is taken too.
            data: { type: ["object", "string"], maxLength: 100_000 },
            sendAfter: { type: "string", format: "date-time" },
            method: { enum: ["email"] },
            language: LANGUAGE_INPUT,
          },
        },
        template: {
          type: "object",
          additionalProperties: false,
          properties: { variant: { type: "string", minLength: 1, maxLength: 200 } },
          required: ["variant"],
        },
        topic: {
          type: "object",
          additionalProperties: false,
          properties: { slug: { type: "string", minLength: 1, maxLength: 200 } },
          required: ["slug"],
        },
      },
      required: ["template"],
    },
  },
  required: ["notification"],
});

export interface NotifyRequest {
  template: string;
  data?: Record<string, unknown>;
  sendAfter?: string;
  language?: Language;
  /** The subject the mail has when its template gives none (the original's notification title). */
  subject?: string;
  /** The topic the notification is filed under (notification/topics-to-notifications). */
  topicSlug?: string;
}

/** The original client's body: everything inside one `notification` object. */
export const isOriginalNotify = (input: Record<string, unknown>) => "notification" in input;

/** The original body as the route's own terms: `template.variant` is the template, `notification.data` its variables. */
export function fromOriginalNotify(input: unknown): NotifyRequest {
  const { notification } = originalBody(input);
  const inner = notification.notification ?? {};
  let data: unknown = inner.data;
  if (typeof data === "string") {
    try {
      data = data.trim() === "" ? {} : JSON.parse(data);
    } catch {
      data = undefined;
    }
    if (!isPlainObject(data))
      throw validationError("/notification/notification/data must be a JSON object", [
        { path: "/notification/notification/data", message: "must be a JSON object" },
      ]);
  }
  return {
    template: notification.template.variant,
    data: data as Record<string, unknown> | undefined,
    sendAfter: inner.sendAfter,
    language: checkLanguage(inner.language, "/notification/notification/language"),
    subject: inner.title,
    topicSlug: notification.topic?.slug,
  };
}

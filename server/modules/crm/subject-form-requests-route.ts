import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../../engine/errors.js";
import type { Config } from "../../config.js";
import { UUID, inputSchema, objectInput } from "../input.js";
import { defineRoute } from "../route.js";
import { createFormRequest, REQUEST_BODY_LIMIT } from "./form-requests.js";

const BASE = "/api/rbac/subjects/:id/crm-module/form";

const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const formParams = inputSchema<{ id: string; formId: string }>({
  properties: { id: UUID, formId: { ...UUID, "x-message": "formId is required" } },
  required: ["id", "formId"],
});
const FORM_ID = { ...UUID, "x-message": "formId is required" };
const formIdOf = inputSchema<{ formId: string }>({
  properties: { formId: FORM_ID },
  required: ["formId"],
  additionalProperties: true,
});
/** The original system's documented form: any fields, `formId` among them or beside `data` (null there: the one beside it), checked once both are known. */
const fieldsWithFormId = objectInput(
  inputSchema<{ formId?: string | null; [field: string]: unknown }>({
    properties: { formId: { ...FORM_ID, type: ["string", "null"] } },
    additionalProperties: true,
  }),
);

/**
 * A subject posts a form request only as itself. The permission records already say so
 * (`/api/rbac/subjects/{self}/crm-module/**` for signed-in subjects); this holds even for a role
 * given `*` on everything, because the request is stored in the subject's name. The secret key,
 * which may do everything, may post for any subject.
 */
function requireSelf(request: FastifyRequest, { params: { id: subjectId } }: { params: { id: string } }) {
  const caller = request.caller;
  if (caller.kind === "secret-key") return;
  if (caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
  if (caller.subjectId !== subjectId)
    throw new AppError("PERMISSION_ERROR", "a subject posts form requests only as itself");
}

/**
 * The Subject API's form requests: the original client's
 * POST {subjects}/{id}/crm-module/form/{formId}/request, and the original system's documented
 * POST {subjects}/{id}/crm-module/form/request with `formId` in `data` (or beside it). Both
 * store the request like POST /api/crm/forms/{id}/requests and answer 201 with the subject as
 * the original client reads it, plus the submitted `data` and the stored `request`.
 */
export function registerSubjectFormRequestRoutes(app: FastifyInstance, config: Config) {
  // Who posts is checked before the body is read: another subject's id is a 403, never a 400.
  const options = {
    method: "POST",
    tag: "crm",
    status: 201,
    bodyLimit: REQUEST_BODY_LIMIT,
    rateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
    authorize: requireSelf,
  } as const;

  const submit = async (subjectId: string, formId: string, data: Record<string, unknown>) => {
    const subject = await app.rbac.subjects.get(subjectId);
    const request = await createFormRequest(app, formId, data, subjectId);
    return { data: { ...subject, data, request } };
  };

  defineRoute(
    app,
    {
      ...options,
      url: `${BASE}/:formId/request`,
      summary:
        "Submit a form as the signed-in subject (the original client's path): `data` is stored as a crm/requests row linked to the form",
      params: formParams,
      body: objectInput(),
    },
    async ({ params: { id, formId }, body: data }, _request, reply) => {
      return reply.status(201).send(await submit(id, formId, data));
    },
  );

  defineRoute(
    app,
    {
      ...options,
      url: `${BASE}/request`,
      summary: "Submit a form as the signed-in subject (the original system's documented path): `data` with `formId`",
      params: subjectParams,
      body: fieldsWithFormId,
    },
    async ({ params: { id }, body: input, fields: beside }, _request, reply) => {
      const { formId: inData, ...fields } = input;
      const { formId } = formIdOf({ formId: inData ?? beside.formId });
      return reply.status(201).send(await submit(id, formId, fields));
    },
  );
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError } from "../../../engine/errors.js";
import type { Config } from "../../config.js";
import { UUID, inputSchema, readInput, readInputAndFields } from "../input.js";
import { isPlainObject } from "../../../engine/query/plain-object.js";
import { createFormRequest, REQUEST_BODY_LIMIT } from "./form-requests.js";

const BASE = "/api/rbac/subjects/:id/crm-module/form";

const subjectParams = inputSchema<{ id: string }>({ properties: { id: UUID }, required: ["id"] });
const formParams = inputSchema<{ id: string; formId: string }>({
  properties: { id: UUID, formId: { ...UUID, "x-message": "formId is required" } },
  required: ["id", "formId"],
});
const formIdOf = inputSchema<{ formId: string }>({ properties: { formId: { ...UUID, "x-message": "formId is required" } }, required: ["formId"], additionalProperties: true });

/**
 * A subject posts a form request only as itself. The permission records already say so
 * (`/api/rbac/subjects/{self}/crm-module/**` for signed-in subjects); this holds even for a role
 * given `*` on everything, because the request is stored in the subject's name. The secret key,
 * which may do everything, may post for any subject.
 */
function requireSelf(request: FastifyRequest, subjectId: string) {
  const caller = request.caller;
  if (caller.kind === "secret-key") return;
  if (caller.kind === "anonymous") throw new AppError("AUTHENTICATION_ERROR", "sign in first");
  if (caller.subjectId !== subjectId) throw new AppError("PERMISSION_ERROR", "a subject posts form requests only as itself");
}

/**
 * The Subject API's form requests (SPEC.md section 7): the original client's
 * POST {subjects}/{id}/crm-module/form/{formId}/request, and SPEC.md's
 * POST {subjects}/{id}/crm-module/form/request with `formId` in `data` (or beside it). Both
 * store the request like POST /api/crm/forms/{id}/requests and answer 201 with the subject as
 * the original client reads it, plus the submitted `data` and the stored `request`.
 */
export function registerSubjectFormRequestRoutes(app: FastifyInstance, config: Config) {
  const options = (summary: string) => ({
    bodyLimit: REQUEST_BODY_LIMIT,
    config: {
      rateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
      docs: { tag: "crm", summary, body: { type: "object", properties: { data: { type: "object" } }, required: ["data"] }, status: 201 },
    },
  });

  const submit = async (subjectId: string, formId: string, data: Record<string, unknown>) => {
    const subject = await app.repositories.get("rbac/subjects")!.get(subjectId);
    const request = await createFormRequest(app, formId, data, subjectId);
    return { data: { ...subject, data, request } };
  };

  app.post<{ Params: Record<string, string> }>(
    `${BASE}/:formId/request`,
    options("Submit a form as the signed-in subject (the original client's path): `data` is stored as a crm/requests row linked to the form"),
    async (request, reply) => {
      const { id, formId } = formParams(request.params);
      requireSelf(request, id);
      const data = await readInput(request);
      if (!isPlainObject(data)) throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
      return reply.status(201).send(await submit(id, formId, data));
    },
  );

  app.post<{ Params: Record<string, string> }>(
    `${BASE}/request`,
    options("Submit a form as the signed-in subject (SPEC.md's path): `data` with `formId`"),
    async (request, reply) => {
      const { id } = subjectParams(request.params);
      requireSelf(request, id);
      const { input, fields: beside } = await readInputAndFields(request);
      if (!isPlainObject(input)) throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
      const { formId: inData, ...fields } = input;
      const { formId } = formIdOf({ formId: inData ?? beside.formId });
      return reply.status(201).send(await submit(id, formId, fields));
    },
  );
}

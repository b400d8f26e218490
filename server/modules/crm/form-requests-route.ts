import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { readInput } from "../input.js";
import { createFormRequest, REQUEST_BODY_LIMIT } from "./form-requests.js";
import { registerSubjectFormRequestRoutes } from "./subject-form-requests-route.js";

/**
 * POST /api/crm/forms/{id}/requests (SPEC.md section 7): a visitor's submission of a CRM form.
 * Anonymous callers may post (seeded permission), so it is rate limited per client address
 * like the sign-in routes. The Subject API's form request routes live beside it.
 */
export async function registerCrmModule(app: FastifyInstance, config: Config) {
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    routes.post<{ Params: { id: string } }>(
      "/api/crm/forms/:id/requests",
      {
        bodyLimit: REQUEST_BODY_LIMIT,
        config: {
          rateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
          docs: {
            tag: "crm",
            summary: "Submit a form: `data` (any JSON object) is stored as a crm/requests row linked to the form; 201 with the request, 404 for an unknown form",
            body: { type: "object", properties: { data: { type: "object" } }, required: ["data"] },
            status: 201,
          },
        },
      },
      async (request, reply) => {
        const created = await createFormRequest(app, request.params.id, await readInput(request));
        return reply.status(201).send({ data: created });
      },
    );
    registerSubjectFormRequestRoutes(routes, config);
  });
}

import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { UUID, inputSchema, objectInput } from "../input.js";
import { defineRoute } from "../route.js";
import { createFormRequest, REQUEST_BODY_LIMIT } from "./form-requests.js";
import { registerSubjectFormRequestRoutes } from "./subject-form-requests-route.js";
import { registerFormSubmissionRoutes } from "./form-submissions-route.js";

// The repository's own words for an id that is not one.
const formParams = inputSchema<{ id: string }>({
  properties: { id: { ...UUID, "x-message": "must be a uuid" } },
  required: ["id"],
});

/**
 * POST /api/crm/forms/{id}/requests: a visitor's submission of a CRM form.
 * Anonymous callers may post (seeded permission), so it is rate limited per client address
 * like the sign-in routes. The Subject API's form request routes live beside it, and the
 * admin's table of one form's submissions (form-submissions-route.ts).
 */
export async function registerCrmModule(app: FastifyInstance, config: Config) {
  await app.register(async (routes) => {
    await registerBodyParsers(routes);
    defineRoute(
      routes,
      {
        method: "POST",
        url: "/api/crm/forms/:id/requests",
        tag: "crm",
        summary:
          "Submit a form: `data` (any JSON object) is stored as a crm/requests row linked to the form; 201 with the request, 404 for an unknown form or one never published",
        params: formParams,
        body: objectInput(),
        status: 201,
        bodyLimit: REQUEST_BODY_LIMIT,
        rateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
      },
      async ({ params, body }, _request, reply) => {
        const created = await createFormRequest(app, params.id, body);
        return reply.status(201).send({ data: created });
      },
    );
    registerSubjectFormRequestRoutes(routes, config);
    registerFormSubmissionRoutes(routes);
  });
}

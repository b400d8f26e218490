import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import type { Config } from "../../config.js";
import { registerBodyParsers } from "../../plugins/request-data.js";
import { readInput } from "../input.js";

/** A message is longer than a password, but a form request is still a few fields. */
const REQUEST_BODY_LIMIT = 64 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * POST /api/crm/forms/{id}/requests (SPEC.md section 7): a visitor's submission of a CRM form.
 * The submitted fields (any JSON object, SPEC.md: "CRM form request accepts any data") become a
 * crm/requests row, linked to the form by crm/forms-to-requests, both in one transaction.
 * Anonymous callers may post (seeded permission), so it is rate limited per client address
 * like the sign-in routes.
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
        const data = await readInput(request);
        if (!isPlainObject(data)) throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
        const form = await app.repositories.get("crm/forms")!.get(request.params.id);
        const created = await runTransaction(app.database, app.repositories, async (repository) => {
          const row = await repository("crm/requests").create({ payload: data });
          await repository("crm/forms-to-requests").create({ formId: form.id, requestId: row.id });
          return row;
        });
        return reply.status(201).send({ data: { ...created, formId: form.id } });
      },
    );
  });
}

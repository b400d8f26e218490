import type { FastifyInstance } from "fastify";
import { validationError } from "../../../engine/errors.js";
import { modelQueries } from "../../../engine/query/model-tables.js";
import { isPlainObject } from "../../../engine/query/plain-object.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import { runTransaction } from "../../../engine/query/transaction.js";
import { checkEmailInputs } from "./email-inputs.js";
import { notifyOwnerOfSubmission } from "./owner-submission-notice.js";

/** A message is longer than a password, but a form request is still a few fields. */
export const REQUEST_BODY_LIMIT = 64 * 1024;

/**
 * Stores a submission of a CRM form: the fields (any JSON object: a form request
 * accepts any data) become a crm/requests row, linked to the form by crm/forms-to-requests, both
 * in one transaction (and to the subject, by rbac, when a subject
 * sent it in its own name), and the shop's owner's mail of it queued (owner-submission-notice.ts). 404 for an unknown or never published form, 400 when the data is not an object.
 */
export async function createFormRequest(
  app: FastifyInstance,
  formId: string,
  data: unknown,
  subjectId?: string,
): Promise<StoredRecord<"crm/requests"> & { formId: string }> {
  if (!isPlainObject(data))
    throw validationError("/data must be an object", [{ path: "/data", message: "must be an object" }]);
  // The form as visitors see it: one never published takes no submissions (404), as it is on no page.
  const form = await app.publishedRepositories.get("crm/forms")!.get(formId);
  // An email input's value must be an address (400 naming the field), checked before anything is written.
  await checkEmailInputs(modelQueries(app.database.db, app.registry), app.registry, form.id, data);
  const created = await runTransaction(app.database, app.repositories, async (repository, trx) => {
    const row = await repository("crm/requests").create({ payload: data });
    await repository("crm/forms-to-requests").create({ formId: form.id, requestId: row.id });
    // Sent in a subject's own name: linked to the subject as well.
    if (subjectId) await app.rbac.subjects.linkFormRequest(repository, subjectId, row.id);
    await notifyOwnerOfSubmission(app, form, row.id, data, repository, trx);
    // Webhooks hear of it in the same transaction (docs/webhooks.md "Events"): the request as the admin reads it.
    await app.webhooks.enqueue(trx, { type: "crm.request.created", data: { ...row, formId: form.id } });
    return row;
  });
  app.notifications.wake();
  return { ...created, formId: form.id };
}

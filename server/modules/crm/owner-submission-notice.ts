import type { FastifyInstance } from "fastify";
import type { ModelTransaction } from "../../../engine/query/model-tables.js";
import type { RepositoryLookup } from "../../../engine/query/transaction.js";
import type { StoredRecord } from "../../../engine/query/stored-record.js";
import { text } from "../../../common/i18n/text.js";
import { columnsFor, formColumns, valueText } from "./form-fields.js";

/** The owner's mail of a form submission (template `owner-form-submitted`, default-templates.ts). */
export const OWNER_FORM_SUBMITTED = "owner-form-submitted";

/**
 * Tells the shop's owner of a form submission (docs/notifications.md "Mail to the shop's owner"), queued in the submission's own
 * transaction (so it exists exactly when the submission does, keyed by it): the form's title, each
 * input's label in the owner's language with the submitted value, and the form's submissions
 * table in the admin. The caller wakes the queue after the commit.
 */
export async function notifyOwnerOfSubmission(
  app: FastifyInstance,
  form: StoredRecord<"crm/forms">,
  requestId: string,
  payload: Record<string, unknown>,
  repository: RepositoryLookup,
  trx: ModelTransaction,
) {
  const language = app.ownerMail.language;
  const columns = columnsFor(await formColumns(trx, form.id, language), [payload]);
  await app.ownerMail.enqueue(
    {
      key: `${OWNER_FORM_SUBMITTED}:${requestId}`,
      template: OWNER_FORM_SUBMITTED,
      data: {
        formId: form.id,
        requestId,
        formTitle: text(form.title, language) || form.adminTitle,
        fields: columns.map((c) => `${c.label}: ${valueText(payload[c.slug])}`).join("\n"),
        submissionsUrl: app.ownerMail.adminUrl(`/forms/${form.id}`),
      },
    },
    { repository, trx },
  );
}

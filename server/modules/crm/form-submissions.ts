import type { FastifyInstance } from "fastify";
import { modelQueries, type ModelQueries } from "../../../engine/query/model-tables.js";
import type { Language } from "../../../common/site/page-data.js";
import { text } from "../../../common/i18n/text.js";
import { formColumns, valueText, type FormColumn } from "./form-fields.js";

/** One submission as a table row: when, and each input's value as text by the input's slug. */
export interface SubmissionRow {
  id: string;
  createdAt: string;
  values: Record<string, string>;
}

export interface SubmissionsPage {
  form: { id: string; title: string };
  columns: FormColumn[];
  rows: SubmissionRow[];
  total: number;
}

/**
 * A form's submissions as a table (the admin's form screen): its inputs are the columns (labelled in
 * `language`), its requests the rows, newest first. A page costs three queries whatever its size:
 * the form, its inputs, and the page of requests with their total (a window count).
 */
export class FormSubmissions {
  private readonly db: ModelQueries;

  constructor(private readonly app: FastifyInstance) {
    this.db = modelQueries(app.database.db, app.registry);
  }

  /** The form (404 when there is none) and its columns. */
  async head(formId: string, language: Language): Promise<Pick<SubmissionsPage, "form" | "columns">> {
    const form = await this.app.repositories.get("crm/forms")!.get(formId);
    const columns = await formColumns(this.db, formId, language);
    return { form: { id: formId, title: text(form.title, language) || String(form.adminTitle ?? "") }, columns };
  }

  /** One page of rows (newest first) and the form's number of submissions. */
  async rows(
    formId: string,
    columns: FormColumn[],
    limit: number,
    offset: number,
  ): Promise<{ rows: SubmissionRow[]; total: number }> {
    const found = await this.db
      .selectFrom("crm/forms-to-requests as fr")
      .innerJoin("crm/requests as r", "r.id", "fr.requestId")
      .select((eb) => ["r.id", "r.createdAt", "r.payload", eb.fn.countAll<string>().over().as("total")])
      .where("fr.formId", "=", formId)
      .orderBy("r.createdAt", "desc")
      .orderBy("r.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    // Past the last page the window has no row to count on: count apart (a page nobody asks for normally).
    const total = found[0] ? Number(found[0].total) : offset > 0 ? await this.count(formId) : 0;
    const rows = found.map((r) => {
      const payload = (r.payload ?? {}) as Record<string, unknown>;
      return {
        id: r.id,
        createdAt: new Date(r.createdAt).toISOString(),
        values: Object.fromEntries(columns.map((c) => [c.slug, valueText(payload[c.slug])])),
      };
    });
    return { rows, total };
  }

  private async count(formId: string): Promise<number> {
    const row = await this.db
      .selectFrom("crm/forms-to-requests")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("formId", "=", formId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

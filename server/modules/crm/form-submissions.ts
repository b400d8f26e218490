import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
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
  constructor(private readonly app: FastifyInstance) {}

  private table(id: string) {
    return this.app.registry.get(id).table;
  }

  /** The form (404 when there is none) and its columns. */
  async head(formId: string, language: Language): Promise<Pick<SubmissionsPage, "form" | "columns">> {
    const form = await this.app.repositories.get("crm/forms")!.get(formId);
    const columns = await formColumns(this.app.database.db, this.app.registry, formId, language);
    return { form: { id: formId, title: text(form.title, language) || String(form.adminTitle ?? "") }, columns };
  }

  /** One page of rows (newest first) and the form's number of submissions. */
  async rows(formId: string, columns: FormColumn[], limit: number, offset: number): Promise<{ rows: SubmissionRow[]; total: number }> {
    const found = await this.app.database.db
      .selectFrom(`${this.table("crm/forms-to-requests")} as fr`)
      .innerJoin(`${this.table("crm/requests")} as r`, "r.id", "fr.requestId")
      .select(["r.id", "r.createdAt", "r.payload", sql<string>`count(*) over ()`.as("total")])
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
        id: r.id as string,
        createdAt: new Date(r.createdAt as string | Date).toISOString(),
        values: Object.fromEntries(columns.map((c) => [c.slug, valueText(payload[c.slug])])),
      };
    });
    return { rows, total };
  }

  private async count(formId: string): Promise<number> {
    const row = await this.app.database.db
      .selectFrom(this.table("crm/forms-to-requests"))
      .select(sql<string>`count(*)`.as("n"))
      .where("formId", "=", formId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

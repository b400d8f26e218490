import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import type { Language } from "../../../common/site/page-data.js";
import { submissionsTexts } from "../../../common/admin/submissions-texts.js";
import { csvLine } from "../../crud/transfer/csv.js";
import { UUID, inputSchema } from "../input.js";
import { LANGUAGE_INPUT, checkLanguage } from "../language-input.js";
import { defineRoute } from "../route.js";
import { FormSubmissions } from "./form-submissions.js";

/** The routes' prefix: under the requests model, so a role's read permission on crm/requests (and the admin's) reaches them, and nobody else's. */
export const SUBMISSIONS_BY_FORM = "/api/crm/requests/by-form";

const params = inputSchema<{ formId: string }>({
  properties: { formId: { ...UUID, "x-message": "must be a uuid" } },
  required: ["formId"],
});
const COUNT = (max: number) => ({
  type: "string",
  pattern: "^[0-9]{1,9}$",
  maxLength: 9,
  "x-message": `must be a whole number up to ${max}`,
});
const pageQuery = inputSchema<{ limit?: string; offset?: string; language?: string }>({
  properties: { limit: COUNT(100), offset: COUNT(1e9), language: LANGUAGE_INPUT },
});
const csvQuery = inputSchema<{ language?: string }>({ properties: { language: LANGUAGE_INPUT } });

/** Rows fetched at a time for the CSV file. */
const CSV_PAGE = 500;

/**
 * GET /api/crm/requests/by-form/{formId}: a form's submissions as a table (the admin's
 * /admin/forms/{id}), and …/csv, the same table as a CSV file (UTF-8 with a byte order mark, so
 * spreadsheet programs read Cyrillic; RFC 4180 quoting, a visitor's formula made inert by the
 * one CSV writer, csv.ts). Authorization is the routes' path: the
 * admin's permission, or a role's GET permission on /api/crm/requests/**.
 */
export function registerFormSubmissionRoutes(app: FastifyInstance) {
  const submissions = new FormSubmissions(app);
  const languageOf = (language: string | undefined): Language =>
    checkLanguage(language) ?? (DEFAULT_LANGUAGE as Language);

  defineRoute(
    app,
    {
      method: "GET",
      url: `${SUBMISSIONS_BY_FORM}/:formId`,
      tag: "crm",
      summary:
        "A form's submissions as a table (admins, readers of crm/requests): `columns` are its inputs labelled in `language`, `rows` its requests newest first with each input's value as text, `limit` (default 20, at most 100) and `offset`; 404 for an unknown form",
      params,
      query: pageQuery,
    },
    async ({ params: { formId }, query }) => {
      const limit = Math.min(Math.max(Number(query.limit ?? 20), 1), 100);
      const head = await submissions.head(formId, languageOf(query.language));
      const page = await submissions.rows(formId, head.columns, limit, Number(query.offset ?? 0));
      return { data: { ...head, ...page } };
    },
  );

  defineRoute(
    app,
    {
      method: "GET",
      url: `${SUBMISSIONS_BY_FORM}/:formId/csv`,
      tag: "crm",
      summary:
        "The same table as a CSV file: a date column, then one column per input labelled in `language`, newest first",
      params,
      query: csvQuery,
    },
    async ({ params: { formId }, query }, _request, reply) => {
      const language = languageOf(query.language);
      const head = await submissions.head(formId, language);
      async function* lines() {
        yield `\uFEFF${csvLine([submissionsTexts(language).submittedAt, ...head.columns.map((c) => c.label)])}`;
        for (let offset = 0; ; offset += CSV_PAGE) {
          const { rows } = await submissions.rows(formId, head.columns, CSV_PAGE, offset);
          yield rows.map((r) => csvLine([r.createdAt, ...head.columns.map((c) => r.values[c.slug] ?? "")])).join("");
          if (rows.length < CSV_PAGE) return;
        }
      }
      reply.header("content-disposition", `attachment; filename="form-${formId.slice(0, 8)}-submissions.csv"`);
      reply.header("cache-control", "no-store");
      reply.type("text/csv; charset=utf-8");
      return reply.send(Readable.from(lines()));
    },
  );
}

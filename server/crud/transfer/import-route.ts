import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, validationError, validationErrorFromCauses, type ErrorCause } from "../../../engine/errors.js";
import type { Repository } from "../../../engine/query/repository.js";
import type { Model } from "../../../engine/schema/model.js";
import { CellError, recordsFromCsv } from "./columns.js";
import { CsvSyntaxError, parseCsv } from "./csv.js";
import { TRANSFER_FORMATS, type TransferFormat } from "./export-route.js";
import { planImport } from "./import-plan.js";
import { writeImport } from "./import-write.js";
import { subjectOf } from "../../drafts/draft-writes.js";

const IMPORT_QUERY_KEYS = ["dryRun", "format"];
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * `POST /api/{module}/{entity}/import`: a multipart body whose file part is a CSV or JSON export
 * (of this or another database). `?dryRun=true` answers what it would do — rows to create, rows
 * to update (matched by id or a unique field) and rows refused with the reasons — and writes
 * nothing; without it every row is written in one transaction, or, when any row is refused, none
 * and the answer names the rows. Admins only by default, as the export. The rows get the import's
 * own `updatedAt` and, of an x-drafts model, a version each (import-write.ts).
 */
export function registerImportRoute(app: FastifyInstance, repository: Repository) {
  const model = repository.model;
  app.post(`/api/${model.id}/import`, async (request) => {
    const { dryRun, format } = importQuery(request.query);
    const { text, filename } = await readFilePart(request);
    const chosen = format ?? formatOf(filename, text);
    const { records, problems } = recordsOf(model, text, chosen);
    const { report, rows } = await planImport(repository, records, problems, { languageColumns: chosen === "csv" });
    if (dryRun) return { data: report };
    if (report.rejected.length) {
      const causes: ErrorCause[] = report.rejected.flatMap(({ row, reasons }) =>
        reasons.map((reason) => ({ path: `/${row}`, message: reason })),
      );
      const rowsNamed = report.rejected
        .slice(0, 5)
        .map(({ row, reasons }) => `row ${row}: ${reasons.join(", ")}`)
        .join("; ");
      const more = report.rejected.length > 5 ? ` and ${report.rejected.length - 5} more rows` : "";
      throw validationError(`nothing was imported: ${rowsNamed}${more}`, causes);
    }
    await writeImport(app, repository, rows, subjectOf(request));
    return { data: { created: report.create.length, updated: report.update.length } };
  });
}

function importQuery(raw: unknown): { dryRun: boolean; format?: TransferFormat } {
  const query = (raw ?? {}) as Record<string, unknown>;
  const causes: ErrorCause[] = Object.keys(query)
    .filter((key) => !IMPORT_QUERY_KEYS.includes(key))
    .map((key) => ({
      path: `/${key}`,
      message: `is not a query parameter of this route: use ${IMPORT_QUERY_KEYS.join(", ")}`,
    }));
  if (query.dryRun !== undefined && query.dryRun !== "true" && query.dryRun !== "false")
    causes.push({ path: "/dryRun", message: "must be true or false" });
  if (query.format !== undefined && !(TRANSFER_FORMATS as readonly unknown[]).includes(query.format))
    causes.push({ path: "/format", message: "must be csv or json" });
  if (causes.length) throw validationErrorFromCauses(causes);
  return { dryRun: query.dryRun === "true", format: query.format as TransferFormat | undefined };
}

const noFile = () =>
  validationError("/file a CSV or JSON file part is required", [
    { path: "/file", message: "a CSV or JSON file part is required" },
  ]);

async function readFilePart(request: FastifyRequest): Promise<{ text: string; filename: string }> {
  if (!request.isMultipart()) throw noFile();
  const maxBytes = request.server.fileUploads?.maxBytes ?? DEFAULT_MAX_BYTES;
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw noFile();
    return { text: (await part.toBuffer()).toString("utf8"), filename: part.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("PAYLOAD_TOO_LARGE", `the file is larger than the upload limit of ${maxBytes} bytes`);
    throw validationError("the multipart body is malformed", [
      { path: "/", message: "is not a well-formed multipart/form-data body" },
    ]);
  }
}

/** The file's format by its name, else by its first character (a JSON export opens with `[`). */
function formatOf(filename: string, text: string): TransferFormat {
  if (/\.json$/i.test(filename)) return "json";
  if (/\.csv$/i.test(filename)) return "csv";
  return /^\uFEFF?\s*[[{]/.test(text) ? "json" : "csv";
}

function recordsOf(
  model: Model,
  text: string,
  format: TransferFormat,
): { records: unknown[]; problems: Map<number, string[]> } {
  const refuse = (message: string) => validationError(`/file ${message}`, [{ path: "/file", message }]);
  if (format === "json") {
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ""));
    } catch {
      throw refuse("is not JSON");
    }
    // An export is a list of records; `{ data: [...] }`, a list route's answer, is taken too.
    const records = Array.isArray(value) ? value : (value as { data?: unknown } | null)?.data;
    if (!Array.isArray(records)) throw refuse("must be a JSON list of records");
    return { records, problems: new Map() };
  }
  try {
    const [header, ...rows] = parseCsv(text);
    if (!header) throw refuse("is empty: a CSV file starts with its header");
    return recordsFromCsv(model, header, rows);
  } catch (error) {
    if (error instanceof CsvSyntaxError || error instanceof CellError) throw refuse(error.message);
    throw error;
  }
}

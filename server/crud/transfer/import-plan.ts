import { AppError } from "../../../engine/errors.js";
import { isUuid } from "../../../engine/query/coerce.js";
import { prepareWrite, type Row } from "../../../engine/query/prepare-write.js";
import { BULK_MAX, type ImportRow, type Repository } from "../../../engine/query/repository.js";
import { fieldTypeOf } from "../../../engine/schema/field-types/index.js";
import { LANGUAGES } from "../../../engine/schema/languages.js";
import type { Field, Model } from "../../../engine/schema/model.js";
import { orderImportRows } from "./import-order.js";

/** What an import would do: rows (numbered from 1, the first record) to create and to update, and those refused with why. */
export interface ImportReport {
  create: number[];
  update: number[];
  rejected: { row: number; reasons: string[] }[];
}

export interface ImportPlan {
  report: ImportReport;
  rows: ImportRow[];
}

/** The fields that pick out an existing record: the id, then each unique field. */
const matchFields = (model: Model) => model.fields.filter((f) => f.name === "id" || (f.unique && !f.hidden));

/** Server-maintained times (createdAt, updatedAt): a record may not write them, so they are taken out of it. */
const serverTimes = (model: Model) =>
  model.fields.filter((f) => f.readOnly && f.name !== "id" && f.kind === "datetime");

/**
 * Of those, the one an import keeps from the file: when a record was made (content moved between
 * databases keeps its dates and order). The time of a change (`updatedAt`) is the import's own:
 * carried over, it made an imported draft read as its published copy (same state, same ETag).
 */
const carried = (field: Field) => field.onUpdate !== "now";

const reasonsOf = (error: AppError) =>
  error.causes.length ? error.causes.map((c) => `${c.path || "/"} ${c.message}`) : [error.message];

/**
 * Checks every record of an import before anything is written: each is matched to an existing
 * record by its id or, failing that, by a unique field's value (then updated), else created; and
 * validated as the create or update routes would. `problems` are rows the file itself spoiled
 * (a cell that is no number), found while reading it.
 */
export async function planImport(
  repository: Repository,
  records: unknown[],
  problems = new Map<number, string[]>(),
  options: { languageColumns?: boolean } = {},
): Promise<ImportPlan> {
  const model = repository.model;
  const existing = await existingRecords(repository, records);
  const report: ImportReport = { create: [], update: [], rejected: [] };
  const rows: ImportRow[] = [];
  records.forEach((record, index) => {
    const row = index + 1;
    const reasons = [...(problems.get(index) ?? [])];
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      report.rejected.push({ row, reasons: ["must be an object"] });
      return;
    }
    const { rest, times } = splitTimes(model, record as Row, reasons);
    // No id (an empty CSV cell) asks for a new one; a malformed one is said once, here.
    if (rest.id === null) delete rest.id;
    if (rest.id !== undefined && !isUuid(rest.id)) {
      reasons.push("/id must be a uuid");
      delete rest.id;
    }
    const matched = matchOf(model, rest, existing, reasons);
    let data: Row | undefined;
    try {
      data = prepareWrite(model, rest, matched ? "update" : "create");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reasons.push(...reasonsOf(error));
    }
    if (reasons.length || !data) {
      report.rejected.push({ row, reasons });
      return;
    }
    (matched ? report.update : report.create).push(row);
    rows.push({ row, update: matched, data: { ...data, ...times } });
  });
  if (options.languageColumns) await keepOtherLanguages(repository, rows);
  // Rows naming rows of the same file (a parent) are written after them (import-order.ts).
  const ordered = orderImportRows(model, rows);
  if (ordered.rejected.length) {
    const refused = new Set(ordered.rejected.map((r) => r.row));
    report.create = report.create.filter((row) => !refused.has(row));
    report.update = report.update.filter((row) => !refused.has(row));
    report.rejected = [...report.rejected, ...ordered.rejected].sort((a, b) => a.row - b.row);
  }
  return { report, rows: ordered.rows };
}

/** createdAt and updatedAt taken out of the record (the client validators refuse them); createdAt kept, checked. */
function splitTimes(model: Model, record: Row, reasons: string[]): { rest: Row; times: Row } {
  const rest: Row = { ...record };
  const times: Row = {};
  for (const field of serverTimes(model)) {
    const value = rest[field.name];
    delete rest[field.name];
    if (value === undefined || value === null || !carried(field)) continue;
    const time = fieldTypeOf(field.kind).coerce(value);
    if (time === undefined) reasons.push(`/${field.name} must be a date-time`);
    else times[field.name] = time;
  }
  return { rest, times };
}

/** Existing ids, and for each unique field its values' record ids, of the values the file names. */
type Existing = Map<string, Map<unknown, string>>;

/** The id of the existing record this one updates: by id, else by the first unique field that finds one. */
function matchOf(model: Model, record: Row, existing: Existing, reasons: string[]): string | undefined {
  const id = record.id;
  const byId = isUuid(id) ? existing.get("id")!.get(id) : undefined;
  for (const field of matchFields(model)) {
    if (field.name === "id") continue;
    const other = existing.get(field.name)!.get(lookupValue(field, record[field.name]));
    if (other === undefined) continue;
    // Matched by id, a unique value of another record is a conflict, not a second match.
    if (isUuid(id) && other !== id) return void reasons.push(`/${field.name} is taken by record ${other}`);
    return other;
  }
  return byId;
}

const lookupValue = (_field: Field, value: unknown) =>
  value !== null && typeof value === "object" ? JSON.stringify(value) : value;

async function existingRecords(repository: Repository, records: unknown[]): Promise<Existing> {
  const existing: Existing = new Map();
  for (const field of matchFields(repository.model)) {
    const coerce = fieldTypeOf(field.kind).coerce;
    const values = [
      ...new Set(
        records
          .map((r) => (r as Row | null)?.[field.name])
          .filter((v) => v !== undefined && v !== null && coerce(v) !== undefined),
      ),
    ];
    const found = new Map<unknown, string>();
    for (let i = 0; i < values.length; i += BULK_MAX) {
      const chunk = values.slice(i, i + BULK_MAX).map((v) => coerce(v));
      const matches = await repository.list({
        filters: [{ field, kind: field.kind, method: "inArray", value: chunk }],
        orderBy: [],
        limit: BULK_MAX,
        offset: 0,
      });
      for (const match of matches) found.set(lookupValue(field, match[field.name]), match.id as string);
    }
    existing.set(field.name, found);
  }
  return existing;
}

/**
 * A CSV file has a column per configured language (LANGUAGES) and says nothing about the texts
 * of any other language a record's map holds (written when the setting listed more, or through
 * the API): an update from it keeps those, so editing a spreadsheet never drops a translation.
 */
async function keepOtherLanguages(repository: Repository, rows: ImportRow[]) {
  const maps = repository.model.fields.filter((field) => field.kind === "language-map" && !field.hidden);
  const ids = rows.flatMap((r) => (r.update ? [r.update] : []));
  if (maps.length === 0 || ids.length === 0) return;
  const idField = repository.model.fieldMap.get("id")!;
  const current = new Map<string, Row>();
  for (let i = 0; i < ids.length; i += BULK_MAX) {
    const chunk = ids.slice(i, i + BULK_MAX);
    const found = await repository.list({
      filters: [{ field: idField, kind: idField.kind, method: "inArray", value: chunk }],
      orderBy: [],
      limit: BULK_MAX,
      offset: 0,
    });
    for (const record of found) current.set(record.id as string, record as Row);
  }
  for (const row of rows) {
    const record = row.update ? current.get(row.update) : undefined;
    if (!record) continue;
    for (const field of maps) {
      if (!(field.name in row.data)) continue;
      const old = record[field.name] as Record<string, unknown> | null | undefined;
      const others = Object.entries(old ?? {}).filter(([language]) => !LANGUAGES.includes(language));
      if (others.length === 0) continue;
      row.data = {
        ...row.data,
        [field.name]: {
          ...Object.fromEntries(others),
          ...((row.data[field.name] as Record<string, unknown> | null) ?? {}),
        },
      };
    }
  }
}

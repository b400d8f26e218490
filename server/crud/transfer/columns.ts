import { LANGUAGES } from "../../../engine/schema/languages.js";
import type { Field, Model } from "../../../engine/schema/model.js";
import { liveCell, type CsvCell } from "./csv.js";

// The columns of a model's export: every field a client may read (hidden ones never), a language
// map as one column per language (`title.en`, `title.ru`), so a spreadsheet edits each language
// as text. The same table reads an import back.

export interface ExportColumn {
  /** The CSV header: the field's name, or `name.language` for a language map. */
  header: string;
  field: Field;
  language?: string;
}

const NUMERIC = new Set(["integer", "bigint", "smallint", "double precision", "real", "numeric"]);
const isLanguageMap = (field: Field) => field.kind === "language-map";
const isJson = (field: Field) => field.column === "jsonb" || field.column === "json";

export function exportColumns(model: Model): ExportColumn[] {
  return model.fields
    .filter((field) => !field.hidden)
    .flatMap((field) =>
      isLanguageMap(field)
        ? LANGUAGES.map((language) => ({ header: `${field.name}.${language}`, field, language }))
        : [{ header: field.name, field }],
    );
}

/** A record's value of one column as a CSV cell. */
export function cellOf(record: Record<string, unknown>, column: ExportColumn): CsvCell {
  const value = record[column.field.name];
  if (value === null || value === undefined) return null;
  if (column.language !== undefined) {
    const text = (value as Record<string, unknown>)[column.language];
    return text === null || text === undefined ? null : String(text);
  }
  if (value instanceof Date) return value.toISOString();
  if (isJson(column.field)) return JSON.stringify(value);
  return String(value);
}

const emptyMapByDefault = (field: Field) =>
  field.required || (typeof field.default === "object" && field.default !== null);

export class CellError extends Error {}

/** A CSV cell read back as the value the field takes (a JSON column's text parsed, a number a number). */
function cellValue(field: Field, cell: CsvCell): unknown {
  if (cell === null) return null;
  if (isJson(field)) {
    try {
      return JSON.parse(cell);
    } catch {
      throw new CellError(`/${field.name} must be JSON`);
    }
  }
  if (field.column === "boolean") {
    if (cell === "true" || cell === "false") return cell === "true";
    throw new CellError(`/${field.name} must be true or false`);
  }
  // Decimals stay text: their exact digits are the point.
  if (NUMERIC.has(field.column) && field.kind !== "decimal") {
    const number = Number(cell);
    if (cell.trim() === "" || !Number.isFinite(number)) throw new CellError(`/${field.name} must be a number`);
    return number;
  }
  return cell;
}

/**
 * Reads CSV records by their header into records as the API takes them. A header no column of
 * the model has is refused (the file is for another model, or misspelt), never ignored.
 */
export function recordsFromCsv(
  model: Model,
  header: CsvCell[],
  rows: CsvCell[][],
): { records: Record<string, unknown>[]; problems: Map<number, string[]> } {
  const byHeader = new Map(exportColumns(model).map((c) => [c.header, c]));
  const columns = header.map((name, i) => {
    const column = name === null ? undefined : byHeader.get(name);
    if (!column) throw new CellError(`column ${i + 1} "${name ?? ""}" is not a field of ${model.id}`);
    return column;
  });
  const problems = new Map<number, string[]>();
  const records = rows.map((cells, r) => {
    const record: Record<string, unknown> = {};
    const fail = (message: string) => problems.set(r, [...(problems.get(r) ?? []), message]);
    if (cells.length !== columns.length) fail(`has ${cells.length} cells, the header ${columns.length}`);
    columns.forEach((column, i) => {
      // As exported: a formula-like text was written after an apostrophe (csv.ts, inertCell).
      const cell = liveCell(cells[i] ?? null);
      if (column.language !== undefined) {
        // A language map: its languages' cells gathered. No text in any of them is the empty map
        // where the field has one by default (an untranslated title), else no map (null).
        const name = column.field.name;
        const map = (record[name] ?? (emptyMapByDefault(column.field) ? {} : null)) as Record<string, string> | null;
        record[name] = cell === null ? map : { ...map, [column.language]: cell };
        return;
      }
      try {
        record[column.field.name] = cellValue(column.field, cell);
      } catch (error) {
        if (error instanceof CellError) fail(error.message);
        else throw error;
      }
    });
    return record;
  });
  return { records, problems };
}

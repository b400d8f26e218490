// RFC 4180 CSV, with one addition both directions keep: an empty cell written bare means null,
// an empty cell written in quotes ("") means the empty text, so a round trip tells them apart.
// The one writer of every CSV the server sends (model exports, form submissions).

/** A cell: null (written bare and empty) or a text. */
export type CsvCell = string | null;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** What a spreadsheet runs as a formula (OWASP's "CSV injection"), after any apostrophes this writer added. */
const LIVE = /^'*[=+\-@\t\r]/;
/** A plain number (-5, +1.5, 2e-3) is no formula: it stays a number in the spreadsheet. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const INERT = /^'+[=+\-@\t\r]/;

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab or CR first: a guest's comment
 * `=HYPERLINK(…)` in an admin's export) is written after an apostrophe, which spreadsheets show
 * as text. A text that already starts with apostrophes before such a sign gets one more, so
 * `liveCell` takes exactly one off and an export imported back keeps every text as it was.
 */
export const inertCell = (value: string): string => (LIVE.test(value) && !NUMBER.test(value) ? `'${value}` : value);

/** A cell as it was before `inertCell` (an import reading an export back). */
export const liveCell = (cell: CsvCell): CsvCell => (cell !== null && INERT.test(cell) ? cell.slice(1) : cell);

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  const text = inertCell(value);
  if (text === "" || NEEDS_QUOTES.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One record line, CRLF-terminated as RFC 4180 says; formulas made inert (`inertCell`). */
export const csvLine = (cells: CsvCell[]) => `${cells.map(csvCell).join(",")}\r\n`;

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * The records of a CSV text (header included), each a list of cells. Quoted cells may hold
 * commas, quotes (doubled) and line breaks; a blank line at the end is no record.
 */
export function parseCsv(text: string): CsvCell[][] {
  const records: CsvCell[][] = [];
  let record: CsvCell[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark (spreadsheet exports)
  const endCell = () => {
    record.push(quoted ? cell : cell === "" ? null : cell);
    cell = "";
    quoted = false;
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && cell === "" && !quoted) {
      quoted = true;
      const opened = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError(opened, "a quoted cell is not closed");
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\n") line++;
        cell += q;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\r" && next !== "\n")
        throw new CsvSyntaxError(line, "a quoted cell must end at a comma or a line end");
      continue;
    }
    if (c === ",") {
      endCell();
      i++;
    } else if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
    } else {
      if (c === '"')
        throw new CsvSyntaxError(line, "a quote inside an unquoted cell (quote the whole cell and double the quote)");
      cell += c;
      i++;
    }
  }
  if (cell !== "" || quoted || record.length > 0) endRecord();
  return records;
}

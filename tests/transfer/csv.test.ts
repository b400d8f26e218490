import { describe, expect, test } from "vitest";
import { csvLine, liveCell, parseCsv, type CsvCell } from "../../server/crud/transfer/csv.js";

describe("CSV cells round-trip", () => {
  test.each<[string, CsvCell[]]>([
    ["plain words", ["a", "b c", "d"]],
    ["commas", ["one, two", ",", "x,"]],
    ["quotes", ['say "hi"', '"', '""']],
    ["line breaks", ["line one\nline two", "cr\r\nlf", "\n"]],
    ["unicode", ["Привет, мир", "日本語", "emoji 🎉", "é\u0301"]],
    ["null and the empty text differ", [null, "", null, ""]],
    ["leading and trailing spaces", [" padded ", "\ttab"]],
    ["a lone null", [null]],
  ])("%s", (_name, cells) => {
    // Read as an import reads: a leading tab was written after an inert-making apostrophe (csv-formulas.test.ts).
    expect(parseCsv(csvLine(cells) + csvLine(["next"])).map((record) => record.map(liveCell))).toEqual([
      cells,
      ["next"],
    ]);
  });

  test.each([
    ["a quoted cell never closed", 'a,"b\n', "line 1: a quoted cell is not closed"],
    ["text after a closing quote", '"a"b,c\n', "line 1: a quoted cell must end at a comma or a line end"],
    ["a bare quote inside a cell", 'a,b"c\n', "line 1: a quote inside an unquoted cell"],
  ])("%s is refused, naming the line", (_name, text, message) => {
    expect(() => parseCsv(text)).toThrow(message);
  });

  test("reads a last line without a line break, and skips a byte-order mark", () => {
    expect(parseCsv("\uFEFFid,title\r\n1,x")).toEqual([
      ["id", "title"],
      ["1", "x"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { wordsTexts } from "../../web/admin/words-texts.js";

// The generated admin's words follow the browser's language: English, or Russian with its noun
// forms for counts (1 запись, 2 записи, 5 записей; 11–14 always the last).
describe("the admin's words", () => {
  it.each([
    [1, false, "1 record", "1 запись"],
    [2, false, "2 records", "2 записи"],
    [5, false, "5 records", "5 записей"],
    [11, false, "11 records", "11 записей"],
    [21, false, "21 records", "21 запись"],
    [104, false, "104 records", "104 записи"],
    [1200, true, "about 1,200 records", "около 1\u00a0200 записей"],
  ])("counts %i rows (estimated: %s) as %s / %s", (count, estimated, en, ru) => {
    expect(wordsTexts("en-US").records(count, estimated)).toBe(en);
    expect(wordsTexts("ru-RU").records(count, estimated)).toBe(ru);
  });

  it("has every English word in Russian too, and Russian is chosen by the browser's language", () => {
    expect(Object.keys(wordsTexts("ru")).sort()).toEqual(Object.keys(wordsTexts("en")).sort());
    expect(wordsTexts("ru-RU").addNew).toBe("Добавить");
    expect(wordsTexts("de-DE").addNew).toBe("Add new");
    expect(wordsTexts("ru").formTitle(true, "Product")).toBe("Изменить: Product");
  });
});

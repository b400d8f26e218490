import { describe, expect, it } from "vitest";
import { allowedDay, combine, display, twoDigits } from "../../web/ui/date-time-picker/date-time-value.js";
import { documentOf, isEmptyDocument } from "../../web/ui/rich-text/rich-text-document.js";

describe("date-time picker rules", () => {
  // Local noon (no "Z"): the picker's days are the viewer's local days, so a UTC instant would
  // fall on another local day in far-off time zones (UTC+14, UTC-10).
  const now = new Date("2025-06-15T12:00:00");
  it("pads hours and minutes and ignores what is not one", () => {
    expect(twoDigits("7", 23)).toBe("07");
    expect(twoDigits("23", 23)).toBe("23");
    expect(twoDigits("24", 23)).toBeUndefined();
    expect(twoDigits("60", 59)).toBeUndefined();
    expect(twoDigits("ab", 59)).toBeUndefined();
    expect(twoDigits("", 59)).toBeUndefined();
  });
  it("allows 1900-01-01 up to now, never the future", () => {
    expect(allowedDay("1900-01-01", now)).toBe(true);
    expect(allowedDay("1899-12-31", now)).toBe(false);
    expect(allowedDay("2025-06-16", now)).toBe(false);
    expect(combine("2025-06-16", "00", "00", now)).toBeUndefined();
    expect(combine("2024-02-03", "04", "05", now)).toBe(new Date("2024-02-03T04:05").toISOString());
  });
  it("shows DD/MM/YYYY HH:mm", () => {
    expect(display(new Date("2024-02-03T04:05").toISOString())).toBe("03/02/2024 04:05");
    expect(display(undefined)).toBe("");
  });
});

describe("rich-text values", () => {
  it("reads a stored tiptap document", () => {
    const doc = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "copyText", attrs: { text: "Copy me!" } }] }],
    };
    expect(documentOf(JSON.stringify(doc))).toEqual(doc);
    expect(isEmptyDocument(doc)).toBe(false);
  });
  it("falls back to plain text when the value is not JSON of a document", () => {
    expect(documentOf("Just text {")).toEqual({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Just text {" }] }],
    });
    expect(documentOf('{"not":"a doc"}').content?.[0]?.content?.[0]?.text).toBe('{"not":"a doc"}');
    expect(isEmptyDocument(documentOf(""))).toBe(true);
  });
});

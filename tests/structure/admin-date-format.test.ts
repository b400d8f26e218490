import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { momentText } from "../../web/admin/time/time-text.js";

/**
 * The admin writes a moment one way in each language, wherever it shows one (tables, forms, logs,
 * the order desk, schedules): web/admin/time/time-text.ts's momentText. A screen that formats a
 * date itself (its own dateStyle, a dayjs pattern, a fixed "DD/MM/YYYY") is how three formats came
 * about; only the machine format of a date-time input's value ("YYYY-MM-DDTHH:mm") is written elsewhere.
 */
const root = resolve(import.meta.dirname, "../..");
const ADMIN = join(root, "web/admin");
const OWNER = "web/admin/time/time-text.ts";

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** Ways of writing a date for people other than momentText. */
const OWN_FORMATS: [string, RegExp][] = [
  ["an Intl date style", /\b(dateStyle|timeStyle)\s*:/],
  ["its own Intl.DateTimeFormat", /\bDateTimeFormat\s*\(/],
  ["toLocaleDateString / toLocaleTimeString", /\.toLocale(Date|Time)String\s*\(/],
  ["a dayjs pattern for people", /\.format\(\s*"(?!YYYY-MM-DDTHH:mm")[^"]*[DMYHhms][^"]*"\s*\)/],
];

describe("the admin's one date format", () => {
  test.each(OWN_FORMATS)("no screen writes a moment with %s", (_, pattern) => {
    const offenders = files(ADMIN)
      .map((file) => relative(root, file))
      .filter((file) => file !== OWNER && pattern.test(readFileSync(join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  test.each([
    ["en", "Nov 30, 2026"],
    ["ru", "30 нояб. 2026 г."],
  ])("momentText in %s writes the medium date and the minute", (language, date) => {
    // Noon UTC is the same calendar day in every time zone a test machine may have.
    const text = momentText("2026-11-30T12:00:00.000Z", language);
    expect(text).toContain(date);
    expect(text).toMatch(/\d{1,2}:\d{2}/);
    expect(text).not.toMatch(/\d{1,2}:\d{2}:\d{2}/);
  });
});

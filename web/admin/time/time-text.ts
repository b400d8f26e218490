/**
 * The admin's one way to write a moment, in every screen (tables, forms, logs, the order desk,
 * schedules): the language's medium date and the time to the minute, in the browser's time zone —
 * "Nov 30, 2026, 12:16 PM" in English, «30 нояб. 2026 г., 12:16» in Russian. Any language the
 * browser names gets its own form (Intl.DateTimeFormat); tests/structure/admin-date-format.test.ts
 * keeps other formats out of web/admin/.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function momentText(iso: string, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    formats.set(language, format);
  }
  return format.format(new Date(iso));
}

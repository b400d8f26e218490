/** A moment as the admin reads it in a log: the short date and the time to the second, in the browser's time zone. */
export const timeText = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));

/** A moment to the minute, for a status line ("since 30 Nov 2026, 12:00"). */
export const minuteText = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

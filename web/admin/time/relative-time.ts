import { momentText } from "./time-text.js";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Each unit up to the size where the next one reads better: "90 seconds ago" reads as "2 minutes ago". */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ["second", 1, MINUTE],
  ["minute", MINUTE, HOUR],
  ["hour", HOUR, DAY],
  ["day", DAY, WEEK],
];

/**
 * How long ago a moment was, in the admin's language ("3 minutes ago", «3 минуты назад», "now"),
 * by the language's own rules (Intl.RelativeTimeFormat); a moment a week old or more, or in the
 * future beyond a clock's drift, is the admin's date (momentText), which is clearer than "52 days ago".
 */
export function relativeTime(iso: string, language: string, now: number = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  // A few seconds ahead is the server's clock a little before the browser's: still "now".
  if (seconds < -MINUTE || seconds >= WEEK) return momentText(iso, language);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (seconds < 10) return format.format(0, "second");
  const [unit, size] = UNITS.find(([, , below]) => seconds < below)!;
  return format.format(-Math.floor(seconds / size), unit);
}

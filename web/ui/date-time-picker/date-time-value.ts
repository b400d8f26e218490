import dayjs from "dayjs";

export const DISPLAY_FORMAT = "DD/MM/YYYY HH:mm";
export const MIN_DATE = "1900-01-01";

/** "7" → "07"; anything that is not a whole number within 0..max is ignored (undefined). */
export function twoDigits(text: string, max: number): string | undefined {
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 0 && n <= max ? String(n).padStart(2, "0") : undefined;
}

/** Whether a day (YYYY-MM-DD) may be picked: from 1900-01-01 up to today. */
export function allowedDay(day: string, now = new Date()): boolean {
  const d = dayjs(day);
  return d.isValid() && !d.isBefore(MIN_DATE, "day") && !d.isAfter(now, "day");
}

/**
 * The ISO value of a day plus hour and minute, or undefined when it is not allowed: before
 * 1900-01-01 or in the future (a time later today counts as future too).
 */
export function combine(day: string, hour: string, minute: string, now = new Date()): string | undefined {
  if (!allowedDay(day, now)) return undefined;
  const value = dayjs(`${day}T${hour}:${minute}`);
  if (!value.isValid() || value.isAfter(now)) return undefined;
  return value.toISOString();
}

export const display = (iso: string | undefined) =>
  iso && dayjs(iso).isValid() ? dayjs(iso).format(DISPLAY_FORMAT) : "";

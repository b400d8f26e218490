import type { AuditEntry } from "../../../common/admin/audit-entry.js";
import { recordKind } from "../../../common/admin/record-kinds.js";
import { HIDDEN_MARK } from "../../../engine/audit/audit-marks.js";
import { richTextOf } from "../../../engine/admin/version-diff.js";
import type { ActivityTexts } from "./activity-texts.js";

/** One changed field as a line shows it: its title, and both values as text. */
export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
  /** A hidden field (a password, a secret): the log holds no value, the line says "hidden". */
  hidden: boolean;
}

/** A record's own writes, whose changes are its fields; an event's (a sign-in, a publish) are its details. */
const WRITES: ReadonlySet<string> = new Set(["create", "update", "delete"]);
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** A language map ({ en: "…", ru: "…" }): every key a language, every value a text. */
const isLanguageMap = (value: Record<string, unknown>) =>
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, text]) => LANGUAGE_CODE.test(key) && (typeof text === "string" || text === null));
/** A publish's counts ({ "blog/articles": 1, "host/widgets": 3 }): model ids and numbers. */
const isCounts = (value: Record<string, unknown>) =>
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, n]) => key.includes("/") && typeof n === "number");

/** A value of an entry's changes as a person reads it. */
export function valueText(value: unknown, t: ActivityTexts): string {
  if (value === null || value === undefined || value === "") return t.nothing;
  if (value === HIDDEN_MARK) return t.hidden;
  if (typeof value === "boolean") return value ? t.yes : t.no;
  if (typeof value === "number") return value.toLocaleString(t.language);
  if (typeof value === "string") return richTextOf(value) || t.nothing;
  if (isObject(value) && value.type === "doc") return richTextOf(value) || t.nothing;
  if (isObject(value) && isLanguageMap(value)) {
    const texts = Object.entries(value).filter(([, text]) => typeof text === "string" && text.trim());
    if (texts.length === 0) return t.nothing;
    return texts.length === 1 ? String(texts[0]![1]) : texts.map(([key, text]) => `${key}: ${text}`).join(" · ");
  }
  if (isObject(value) && isCounts(value))
    return Object.entries(value)
      .map(([model, n]) => `${recordKind(model, t.language, model)}: ${(n as number).toLocaleString(t.language)}`)
      .join(", ");
  return JSON.stringify(value);
}

/** What a line knows of a record's field from the admin's models: its title, and its values' names. */
export interface ChangedField {
  label?: string;
  /** An enum's values in the admin's language ("one_off" → "One-off"). */
  choices?: Record<string, string>;
}

/**
 * An entry's changes, field by field, before → after: a record's field by its title where the
 * admin's models give one (`fieldOf`), and a value of a list of choices by its name; an event's
 * details by their names in words; else the name.
 */
export function changeRows(
  entry: AuditEntry,
  t: ActivityTexts,
  fieldOf: (field: string) => ChangedField | undefined,
): ChangeRow[] {
  return Object.entries(entry.changes ?? {}).map(([field, pair]) => {
    const [before, after] = Array.isArray(pair) ? (pair as [unknown, unknown]) : [null, pair];
    const known = fieldOf(field);
    const write = WRITES.has(entry.action);
    // A sign-in's method is a name of the server's: said in words, as the line says it.
    const text = (value: unknown) =>
      field === "method" && typeof value === "string" && t.methods[value]
        ? t.methods[value]
        : write && typeof value === "string" && known?.choices?.[value]
          ? known.choices[value]
          : valueText(value, t);
    return {
      field,
      label: (write ? (known?.label ?? t.eventFields[field]) : (t.eventFields[field] ?? known?.label)) ?? field,
      before: text(before),
      after: text(after),
      hidden: before === HIDDEN_MARK || after === HIDDEN_MARK,
    };
  });
}

import type { Model } from "../schema/model.js";
import { defaultLanguage } from "../schema/model.js";

// Values filled in when a client leaves them out: slugs and admin titles (docs/api.md "Common
// fields": generated when absent). Ids and timestamps come from the database defaults.
const cyrillic: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[а-яё]/g, (ch) => cyrillic[ch] ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

const firstText = (map: unknown): string | undefined => {
  if (typeof map !== "object" || map === null) return undefined;
  const values = map as Record<string, unknown>;
  const preferred = values[defaultLanguage];
  if (typeof preferred === "string" && preferred.trim()) return preferred;
  return Object.values(values).find((v): v is string => typeof v === "string" && v.trim() !== "");
};

/** What a record is called when nobody named it: its admin title, English title, or slug. */
export function describe(data: Record<string, unknown>): string | undefined {
  for (const key of ["adminTitle", "title", "name"]) {
    const value = data[key];
    if (typeof value === "string" && value.trim()) return value.trim();
    const text = firstText(value);
    if (text) return text.trim();
  }
  return typeof data.slug === "string" && data.slug ? data.slug : undefined;
}

export function adminTitleFor(model: Model, data: Record<string, unknown>, id: string): string {
  return describe(data) ?? `${model.title} ${id.slice(0, 8)}`;
}

/** The slug base for a record; the repository makes it unique. */
export function slugBaseFor(model: Model, data: Record<string, unknown>, id: string): string {
  const base = slugify(describe(data) ?? "");
  return base || `${slugify(model.title) || "record"}-${id.slice(0, 8)}`;
}

/** The first of base, base-2, base-3 … not in `taken`. */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

import type { AdminModel } from "./admin-model.js";
import { editableFields } from "./form-schema.js";
import { inputOf } from "./field-input.js";

type Row = Record<string, unknown>;

/** One line of a version's comparison: a field (a language map's one language) as it was and as it is. */
export interface DiffLine {
  field: string;
  /** The field's label, with the language for one language of a map: "Title (ru)". */
  label: string;
  before: string;
  after: string;
}

/**
 * The fields where `version` differs from `current`, as a person reads them: a language map line
 * by line per language, rich text as its text (not the editor's JSON), a reference as its id,
 * anything else structured as compact JSON. Only the fields an editor edits are compared.
 */
export function versionDiff(model: AdminModel, version: Row, current: Row): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const field of editableFields(model)) {
    const input = inputOf(field);
    const rich = input === "rich-text" || input === "rich-text-language-map";
    const show = (value: unknown) => (rich ? richTextOf(value) : textOf(value));
    if (input === "language-map" || input === "rich-text-language-map") {
      const was = mapOf(version[field.name]);
      const now = mapOf(current[field.name]);
      const languages = [...new Set([...(field.languages ?? []), ...Object.keys(was), ...Object.keys(now)])];
      for (const language of languages) {
        const before = show(was[language]);
        const after = show(now[language]);
        if (before !== after) lines.push({ field: field.name, label: `${field.label} (${language})`, before, after });
      }
      continue;
    }
    const before = show(version[field.name]);
    const after = show(current[field.name]);
    if (before !== after) lines.push({ field: field.name, label: field.label, before, after });
  }
  return lines;
}

const mapOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A stored rich-text value (the JSON string of a tiptap document, or older plain text) as its
 * text: paragraphs and headings on lines of their own.
 */
export function richTextOf(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  let doc: unknown = value;
  if (typeof value === "string") {
    if (!value.trim().startsWith("{")) return value;
    try {
      doc = JSON.parse(value);
    } catch {
      return value;
    }
  }
  return textOfNode(doc);
}

/** A text node is its text; a block of inline nodes (a paragraph) their text in a row; any other node its blocks, a line each. */
function textOfNode(node: unknown): string {
  if (!node || typeof node !== "object") return "";
  const { type, text, content } = node as { type?: string; text?: unknown; content?: unknown[] };
  if (typeof text === "string") return text;
  if (type === "hardBreak") return "\n";
  const children = Array.isArray(content) ? content : [];
  const inline = children.some(
    (c) =>
      c &&
      typeof c === "object" &&
      (typeof (c as { text?: unknown }).text === "string" || (c as { type?: string }).type === "hardBreak"),
  );
  return children
    .map(textOfNode)
    .filter((part) => inline || part !== "")
    .join(inline ? "" : "\n");
}

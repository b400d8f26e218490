import type { Repository } from "../../../engine/query/repository.js";
import type { Language } from "../../../common/site/page-data.js";
import { text as inLanguage } from "../../../common/i18n/text.js";
import { DEFAULT_TEMPLATES } from "./default-templates.js";
import { DEFAULT_LANGUAGE } from "../../../engine/schema/languages.js";
import { ownEntry } from "../../../engine/query/own-key.js";

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

type Variables = Record<string, unknown>;

const value = (variables: Variables, name: string) => {
  const found = name
    .split(".")
    .reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Variables)[key] : undefined), variables);
  return found === undefined || found === null ? "" : String(found);
};

/**
 * Fills a template text: `{{name}}` (or `{{order.id}}`) is the variable's value, empty when
 * missing; `{{#name}}…{{/name}}` is kept only when the variable is not empty.
 */
export function fill(template: string, variables: Variables): string {
  return template
    .replace(/\{\{#\s*([\w.]+)\s*\}\}([\s\S]*?)\{\{\/\s*\1\s*\}\}/g, (_, name: string, inner: string) =>
      value(variables, name) ? inner : "",
    )
    .replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => value(variables, name));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The HTML twin of a plain-text body: paragraphs, line breaks and links, everything else escaped. */
export function htmlOf(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, "<br>")}</p>`,
    )
    .join("");
}

/**
 * Templates per language with variables: a notification/templates row whose `variant` is the
 * notification's `template` (its `title` is the subject and its `description` the body, each a
 * map of languages) wins over the built-in text of the same name, so admins can reword any mail.
 * A language missing from a row or the built-in texts falls back to the default language, then English.
 */
export class Templates {
  constructor(private readonly rows: Repository) {}

  /**
   * `ownSubject`: the notification's own subject (the original client's notification title),
   * the mail's when the template gives none or its subject comes out empty ("{{subject}}" with no
   * such variable).
   */
  async render(
    name: string,
    language: Language,
    variables: Variables,
    ownSubject?: string | null,
  ): Promise<RenderedMessage> {
    const field = this.rows.model.fieldMap.get("variant")!;
    const [row] = await this.rows.list({
      filters: [{ field, kind: field.kind, method: "eq", value: name }],
      orderBy: [],
      limit: 1,
      offset: 0,
    });
    const builtIn = ownEntry(DEFAULT_TEMPLATES, name);
    const subject =
      (row && inLanguage(row.title, language)) ||
      builtIn?.[language]?.subject ||
      builtIn?.[DEFAULT_LANGUAGE]?.subject ||
      builtIn?.en.subject;
    const body =
      (row && inLanguage(row.description, language)) ||
      builtIn?.[language]?.text ||
      builtIn?.[DEFAULT_LANGUAGE]?.text ||
      builtIn?.en.text;
    if (!(subject || ownSubject) || !body) throw new Error(`no template named ${name}`);
    const text = fill(body, variables);
    const filled = subject ? fill(subject, variables).replace(/\s+/g, " ").trim() : "";
    return { subject: filled || (ownSubject ?? "").replace(/\s+/g, " ").trim(), text, html: htmlOf(text) };
  }
}

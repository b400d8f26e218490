import type { AdminField, AdminModel } from "./admin-model.js";
import { LANGUAGES } from "../schema/languages.js";
import { inputOf } from "./field-input.js";

type Json = Record<string, any>;

export interface FormSchema {
  schema: Json;
  uiSchema: Json;
}

/** Naming fields first, presentation fields (variant, className) last: how a person fills a form. */
const FIRST = ["adminTitle", "title", "slug"];
const LAST = ["variant", "className"];
const rank = (name: string) =>
  FIRST.includes(name) ? FIRST.indexOf(name) - 10 : LAST.includes(name) ? 100 + LAST.indexOf(name) : 0;

/**
 * The fields a form edits: everything but server-maintained ones, those read from an uploaded
 * file (x-input "from-file": the file input shows them) and those fixed by the context.
 */
export function editableFields(model: AdminModel, omit: string[] = []): AdminField[] {
  return model.fields
    .filter((f) => !f.readOnly && f.input !== "from-file" && !omit.includes(f.name))
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f.name) - rank(b.f.name) || a.i - b.i)
    .map(({ f }) => f);
}

const WIDGETS: Record<string, string> = {
  "rich-text": "richText",
  file: "file",
  "date-time": "dateTime",
  reference: "reference",
  number: "number",
  textarea: "textarea",
  text: "text",
  unknown: "unknown",
};

type Property = { schema: Json; ui: Json };
const withDefault = (field: AdminField) => (field.default !== undefined ? { default: field.default } : {});

/** Edited per language: one input each, in the languages the server named in the field (its LANGUAGES setting), else the applied list. */
const perLanguage =
  (widget: string) =>
  (field: AdminField): Property => {
    const languages = field.languages ?? LANGUAGES;
    const properties = Object.fromEntries(
      languages.map((l) => [l, { type: "string", title: `${field.label} (${l})` }]),
    );
    return {
      schema: { type: "object", title: field.label, properties },
      ui: Object.fromEntries(languages.map((l) => [l, { "ui:widget": widget }])),
    };
  };

/**
 * The form property of each input (field-input.ts: a field type's `admin.input`, or the hint,
 * reference or enum that decides first) that is not a plain string widget.
 */
const PROPERTIES: Record<string, (field: AdminField) => Property> = {
  "language-map": perLanguage("text"),
  "rich-text-language-map": perLanguage("richText"),
  checkbox: (field) => ({
    schema: { type: "boolean", title: field.label, ...withDefault(field) },
    ui: { "ui:widget": "checkbox" },
  }),
  json: (field) => ({ schema: { title: field.label }, ui: { "ui:field": "json" } }),
  "postal-address": (field) => ({ schema: { title: field.label }, ui: { "ui:field": "postalAddress" } }),
  // Each value offered by its name in the admin's language (choices), stored as the value itself.
  select: (field) => ({
    schema: { type: "string", title: field.label, enum: field.enum, ...withDefault(field) },
    ui: {
      "ui:widget": "select",
      ...(field.choices && field.enum ? { "ui:enumNames": field.enum.map((v) => field.choices![v] ?? v) } : {}),
    },
  }),
};

function propertyOf(field: AdminField, widgets?: ReadonlySet<string>): Property {
  const input = inputOf(field);
  const own = Object.hasOwn(PROPERTIES, input) ? PROPERTIES[input] : undefined;
  if (own) return own(field);
  // Numbers, dates and references travel as strings in the form too: the widget decides
  // the value (a cleared number is ""), the server checks and converts it.
  // An input a field type names itself ("color") is the widget's name too, while the
  // renderer has one by that name; else the form says the input is unknown rather than fail.
  const named = WIDGETS[input] ?? input;
  const widget = !widgets || widgets.has(named) ? named : "unknown";
  const typed = typeof field.default === "string" ? { default: field.default } : {};
  return {
    schema: { type: "string", title: field.label, ...typed },
    ui: { "ui:widget": widget, "ui:options": { field } },
  };
}

/**
 * `variant`: a choice among the variants the site knows for the model (model.variants), where
 * another name may still be typed (a developer's variant yet to come), with a warning.
 */
function variantProperty(model: AdminModel, field: AdminField): { schema: Json; ui: Json } {
  const typed = typeof field.default === "string" ? { default: field.default } : {};
  return {
    schema: { type: "string", title: field.label, ...typed },
    ui: { "ui:widget": "variant", "ui:options": { field, variants: model.variants } },
  };
}

/**
 * The RJSF schema and uiSchema of a model's form. Client-side checks are left to the server (its
 * errors land on their fields), so this schema describes inputs rather than validity. `widgets`:
 * the names the renderer has widgets for (web/admin/form/widgets), when known.
 */
export function formSchema(model: AdminModel, omit: string[] = [], widgets?: ReadonlySet<string>): FormSchema {
  const fields = editableFields(model, omit);
  const properties: Json = {};
  const uiSchema: Json = { "ui:order": fields.map((f) => f.name) };
  for (const field of fields) {
    const { schema, ui } =
      field.name === "variant" && inputOf(field) === "text" && (!widgets || widgets.has("variant"))
        ? variantProperty(model, field)
        : propertyOf(field, widgets);
    properties[field.name] = schema;
    uiSchema[field.name] = ui;
  }
  const required = fields.filter((f) => f.required && !f.hasDefault && inputOf(f) !== "checkbox").map((f) => f.name);
  return { schema: { type: "object", properties, required }, uiSchema };
}

/** A saved record as the form edits it: only the editable fields, language maps as objects. */
export function formDataOf(model: AdminModel, record: Json | undefined, omit: string[] = []): Json {
  if (!record) return {};
  const data: Json = {};
  for (const field of editableFields(model, omit)) {
    const value = record[field.name];
    if (value === null || value === undefined) continue;
    // A plain string in a field edited per language (a page's title) is that text in every language.
    const perLanguage = inputOf(field) === "language-map" && typeof value === "string";
    data[field.name] =
      inputOf(field) === "number"
        ? String(value)
        : perLanguage
          ? Object.fromEntries((field.languages ?? LANGUAGES).map((l) => [l, value]))
          : value;
  }
  return data;
}

/** The form's data as the API's `data`: numbers back to numbers ("" stays "", a cleared number). */
export function payloadOf(model: AdminModel, formData: Json): Json {
  const payload: Json = {};
  for (const [name, value] of Object.entries(formData)) {
    if (value === undefined) continue;
    const field = model.fields.find((f) => f.name === name);
    if (
      field &&
      inputOf(field) === "number" &&
      typeof value === "string" &&
      value.trim() !== "" &&
      Number.isFinite(Number(value))
    ) {
      payload[name] = Number(value);
    } else payload[name] = value;
  }
  return payload;
}

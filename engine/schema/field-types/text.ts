import type { Arbitrary } from "fast-check";
import type { Field, JsonSchema } from "../model.js";
import {
  fitsString,
  hugeTextArb,
  nulTextArb,
  textArb,
  type ExampleTools,
  type FieldExamples,
} from "./field-examples.js";
import type { FieldType } from "./field-type.js";
import { textMethods } from "./filter-methods.js";

// The tests' examples of a text (field-examples.ts): the schema's enum, format, pattern and lengths decide them.

/** Pads or trims a text to the schema's length limits, keeping its end (where the token is). */
function toLength(schema: JsonSchema, text: string): string {
  let out = text;
  if (typeof schema.minLength === "number" && out.length < schema.minLength)
    out = out + "x".repeat(schema.minLength - out.length);
  if (typeof schema.maxLength === "number" && out.length > schema.maxLength)
    out = out.slice(out.length - schema.maxLength);
  return out;
}

/** A valid text for a string field, containing `token` whenever the schema allows it. */
export function stringFor(field: Field, token: string, tools: ExampleTools): string {
  const s = field.schema;
  if (field.enum?.length) return field.enum[0]!;
  const candidates =
    s.format === "email"
      ? [`user-${token}@example.com`]
      : s.format === "uri"
        ? [`https://example.com/${token}`]
        : [`${field.name}-${token}`, token, `${token}-${field.name}`.toLowerCase(), token.toUpperCase()];
  for (const candidate of candidates.map((c) => toLength(s, c))) if (fitsString(s, candidate)) return candidate;
  if (typeof s.pattern === "string") {
    // An unusual pattern: let fast-check find texts it matches, and keep one that fits the lengths.
    const samples = tools.fc.sample(tools.fc.stringMatching(new RegExp(s.pattern, "u"), { maxLength: 40 }), {
      numRuns: 200,
      seed: tools.seed,
    });
    const found = samples.find((c) => fitsString(s, c) && c.length > 3) ?? samples.find((c) => fitsString(s, c));
    if (found !== undefined) return found;
  }
  throw new Error(`no valid text for ${field.name} (${JSON.stringify(s)})`);
}

/** Keeps a generated text unique when the field must be: a fresh token added if the schema allows it. */
function uniqueText(field: Field, arb: Arbitrary<string>, tools: ExampleTools): Arbitrary<string> {
  return arb.map((text) => {
    const token = tools.uniqueToken();
    for (const candidate of [`${text}-${token}`, `${text}${token}`])
      if (fitsString(field.schema, candidate)) return candidate;
    return stringFor(field, token, tools);
  });
}

const textExamples: FieldExamples = {
  valid: stringFor,
  invalid(field) {
    const s = field.schema;
    const values: unknown[] = [42, 1.5, true, {}, [], [1, 2], { en: "text" }];
    if (field.enum) values.push("not-one-of-the-enum-☃", `${field.enum[0]!.toUpperCase()}!`);
    if (typeof s.pattern === "string")
      values.push(...["UPPER CASE!", " ", "☃☃", "a b"].filter((v) => !fitsString(s, v)));
    if (typeof s.maxLength === "number") values.push("x".repeat(s.maxLength + 1));
    if (typeof s.minLength === "number" && s.minLength > 0) values.push("x".repeat(s.minLength - 1));
    return values;
  },
  arbitrary(field, tools) {
    const { fc } = tools;
    const s = field.schema;
    if (field.enum?.length) return fc.constantFrom(...field.enum);
    let arb: Arbitrary<string>;
    if (typeof s.pattern === "string")
      arb = fc.stringMatching(new RegExp(s.pattern, "u"), { maxLength: 40 }).filter((v) => fitsString(s, v));
    else if (s.format === "email") arb = fc.emailAddress();
    else if (s.format === "uri") arb = fc.webUrl();
    else arb = textArb(tools, typeof s.maxLength === "number" ? Math.min(s.maxLength, 40) : 40, s.minLength ?? 0);
    return field.unique ? uniqueText(field, arb, tools) : arb;
  },
  // A NUL byte: no text column stores one.
  invalidArbitrary: (_field, tools) => nulTextArb(tools),
  stress: (_field, tools) => hugeTextArb(tools),
};

/** Plain text (also an email or a URI): the type of a string no narrower type claims. */
export const textType: FieldType = {
  kind: "string",
  matches: (schema) => schema.type === "string",
  formats: ["email", "uri"],
  column: "text",
  keywords: ["x-search", "slug", "admin-title"],
  coerce: (value) =>
    typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : undefined,
  filters: { methods: textMethods },
  write: { indexedText: true },
  admin: { input: "text", cell: "text", naming: "text" },
  examples: textExamples,
};

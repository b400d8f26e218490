import { validationErrorFromCauses, type ErrorCause } from "../../../engine/errors.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";
import type { Registry } from "../../../engine/schema/registry.js";

/** An address as mail can reach it: one @, no spaces, a dot in the domain, at most 254 characters. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isEmailAddress = (value: string) => value.length <= 254 && EMAIL.test(value);

/**
 * A submission's values for the form's email inputs (crm/inputs of type "email", named by their
 * slug) must be email addresses: a 400 naming each field otherwise, before anything is stored.
 * An empty or absent value is not checked here (required inputs are the site form's to enforce).
 * The form is read as visitors see it (its published copies under drafts): an input an editor
 * has not published yet does not judge what visitors send.
 */
export async function checkEmailInputs(
  db: ModelQueries,
  registry: Registry,
  formId: string,
  data: Record<string, unknown>,
): Promise<void> {
  // The published copy when the model has one (drafts on), else its only table.
  const links = registry.get("crm/forms-to-inputs").published ? "crm/forms-to-inputs@published" : "crm/forms-to-inputs";
  const inputsTable = registry.get("crm/inputs").published ? "crm/inputs@published" : "crm/inputs";
  const inputs = await db
    .selectFrom(`${links} as fi`)
    .innerJoin(`${inputsTable} as i`, "i.id", "fi.inputId")
    .select("i.slug")
    .where("fi.formId", "=", formId)
    .where("i.type", "=", "email")
    .execute();
  const causes: ErrorCause[] = [];
  for (const { slug } of inputs) {
    const value = data[slug];
    if (value === undefined || value === null || value === "") continue;
    if (typeof value !== "string" || !isEmailAddress(value.trim()))
      causes.push({ path: `/data/${slug}`, message: "must be an email address" });
  }
  if (causes.length) throw validationErrorFromCauses(causes);
}

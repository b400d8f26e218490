/**
 * The kinds of field a CRM form input can be (`crm/inputs.type`, x-enum-from "crm-input-types"):
 * validated and offered as a select like an enum, with no database CHECK, so a database holding
 * another kind from before still migrates, and adding a kind needs no migration. "default" is
 * one line of text (the original system's default); the site checks an "email" input's value as an address.
 */
export const CRM_INPUT_TYPES = ["default", "text", "textarea", "number", "email", "tel", "checkbox"] as const;

/** The lists the schemas' `x-enum-from` fields name, from this module. */
export const crmEnums = () => ({ "crm-input-types": [...CRM_INPUT_TYPES] });

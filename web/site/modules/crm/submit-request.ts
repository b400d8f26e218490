import { api } from "../../../api/client.js";

/** A form's filled values by input name (the input's slug). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

/** Sends a filled form: POST /api/crm/forms/{id}/requests with the values as `data`. */
export function submitRequest(formId: string, values: Record<string, string>) {
  return api(`/api/crm/forms/${encodeURIComponent(formId)}/requests`, { method: "POST", body: values });
}

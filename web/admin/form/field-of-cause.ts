import type { AdminModel } from "../../../engine/admin/admin-model.js";
import type { CauseEntry } from "../../api/client.js";

/**
 * The field an error cause's path points at, as the form labels it: "/title/ru" → "Title (ru)",
 * as form-schema.ts titles a language's input; undefined when the path names no field of the model.
 */
export const fieldOfCause =
  (model: AdminModel) =>
  (cause: CauseEntry): string | undefined => {
    const [name, part] = (cause.path ?? "").split("/").filter(Boolean);
    const field = model.fields.find((f) => f.name === name);
    if (!field) return undefined;
    return part && field.languages?.includes(part) ? `${field.label} (${part})` : field.label;
  };

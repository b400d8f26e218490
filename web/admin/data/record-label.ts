import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { plainLabel } from "../../../engine/admin/record-label.js";
import { wordsTexts } from "../words-texts.js";

type Row = Record<string, unknown>;

/**
 * A record's name from the row at hand (the delete dialog before its label arrives): the same rule as
 * the server's labeller (engine/admin/record-label.ts), in the admin's language. What needs other
 * records (a price's currency, a relation's ends) comes from fetchLabels.
 */
export function recordLabel(model: AdminModel | undefined, row: Row | undefined): string {
  if (!row) return "";
  return plainLabel(model ?? { title: "Record" }, row, wordsTexts().language);
}

import type { AdminModel } from "../../../engine/admin/admin-model.js";
import { FormDialog } from "../form/form-dialog.js";
import { RelationTableContext } from "../relations/relation-table-context.js";
import { ModelTable } from "../table/model-table.js";

/**
 * "All fields…": a record's generated form and its relation sub-tables, opened from the composer.
 * The sub-tables are model tables, which the model table hands down through a context to the
 * dialogs it opens; the composer opens one without a table around it, so it hands it down here.
 */
export function FullFormDialog({
  model,
  id,
  onClose,
  onSaved,
}: {
  model: AdminModel;
  id: string;
  onClose(): void;
  onSaved(): void;
}) {
  return (
    <RelationTableContext.Provider value={ModelTable}>
      <FormDialog model={model} record={{ id }} onClose={onClose} onSaved={onSaved} />
    </RelationTableContext.Provider>
  );
}

import { createContext, useContext, type ComponentType } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";
import type { Scope } from "../table/model-table.js";

export interface RelationTableProps {
  model: AdminModel;
  scope: Scope;
  compact?: boolean;
}

/**
 * The table a record's dialog shows its relations in. A relation's table opens a record's dialog,
 * which shows that record's relations in a table again: a real recursion of the UI. Importing the
 * model table here would close an import circle (model table → form dialog → relation sub-tables →
 * model table, tests/structure/web-import-cycles.test.ts), so the model table hands itself down
 * through this context to the dialogs it opens.
 */
export const RelationTableContext = createContext<ComponentType<RelationTableProps> | null>(null);

export function useRelationTable(): ComponentType<RelationTableProps> {
  const table = useContext(RelationTableContext);
  if (!table)
    throw new Error(
      "useRelationTable outside RelationTableContext (the model table provides it to the dialogs it opens)",
    );
  return table;
}

import { createContext, type ComponentType } from "react";
import type { AdminModel } from "../../../engine/admin/admin-model.js";

type Row = Record<string, any>;

export interface RecordDialogProps {
  model: AdminModel;
  onClose(): void;
  /** The saved record, as the server answered it. */
  onSaved(row?: Row): void;
  /** Close once the record is created, even when it has relation sub-tables (a picker's "+ New"). */
  closeOnCreate?: boolean;
}

/**
 * The dialog a picker's "+ New …" opens: the record dialog (form-dialog.tsx) hands itself down,
 * since importing it from a widget would close an import circle (dialog → form → widgets →
 * dialog; tests/structure/web-import-cycles.test.ts). Null outside a record dialog: no "+ New".
 */
export const RecordDialogContext = createContext<ComponentType<RecordDialogProps> | null>(null);

import type { ModuleVariants } from "../../variant-types.js";
import { FileDefault } from "./file-default.js";
import { FileStorageWidgetDefault } from "./widget-default.js";

/** The file-storage module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "file-storage/files": { default: FileDefault },
  "file-storage/widgets": { default: FileStorageWidgetDefault },
};

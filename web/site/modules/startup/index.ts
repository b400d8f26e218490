import { TextWidgetDefault } from "../../render/text-widget.js";
import type { ModuleVariants } from "../../variant-types.js";

/** The startup module's variants: its widget's default (title, subtitle, description, className). */
export const variants: ModuleVariants = {
  "startup/widgets": { default: TextWidgetDefault },
};

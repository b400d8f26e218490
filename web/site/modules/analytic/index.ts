import { TextWidgetDefault } from "../../render/text-widget.js";
import type { ModuleVariants } from "../../variant-types.js";

/** The analytic module's variants: its widget's default (title, subtitle, description, className). */
export const variants: ModuleVariants = {
  "analytic/widgets": { default: TextWidgetDefault },
};

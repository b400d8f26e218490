import { variant, type ModuleVariants } from "../../variant-types.js";

/** The startup module's variants: its widget's default (title, subtitle, description, className). */
export const variants: ModuleVariants = {
  "startup/widgets": {
    default: variant("site/render/text-widget.tsx", () => import("../../render/text-widget.js"), "TextWidgetDefault"),
  },
};

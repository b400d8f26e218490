import type { ModuleVariants } from "../../variant-types.js";

/** The website-builder module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {};

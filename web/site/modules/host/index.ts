import type { ModuleVariants } from "../../variant-types.js";
import { HostLayoutAdditional } from "./layout-additional.js";
import { HostLayoutDefault } from "./layout-default.js";
import { HostWidgetDefault } from "./widget-default.js";

/** The host module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "host/widgets": { default: HostWidgetDefault },
  "host/layouts": { default: HostLayoutDefault, additional: HostLayoutAdditional },
};

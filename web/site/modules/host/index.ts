import { variant, type ModuleVariants } from "../../variant-types.js";

/** The host module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "host/widgets": {
    default: variant("site/modules/host/widget-default.tsx", () => import("./widget-default.js"), "HostWidgetDefault"),
  },
  "host/layouts": {
    default: variant("site/modules/host/layout-default.tsx", () => import("./layout-default.js"), "HostLayoutDefault"),
    additional: variant(
      "site/modules/host/layout-additional.tsx",
      () => import("./layout-additional.js"),
      "HostLayoutAdditional",
    ),
  },
};

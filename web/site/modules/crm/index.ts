import { variant, type ModuleVariants } from "../../variant-types.js";

/** The crm module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "crm/widgets": {
    default: variant("site/modules/crm/widget-default.tsx", () => import("./widget-default.js"), "CrmWidgetDefault"),
    "form-list-default": variant(
      "site/modules/crm/widget-form-list-default.tsx",
      () => import("./widget-form-list-default.js"),
      "FormListDefault",
    ),
  },
  "crm/forms": {
    default: variant("site/modules/crm/form-default.tsx", () => import("./form-default.js"), "FormDefault"),
  },
  "crm/inputs": {
    default: variant(
      "site/modules/crm/input-text-default.tsx",
      () => import("./input-text-default.js"),
      "InputTextDefault",
    ),
    "text-default": variant(
      "site/modules/crm/input-text-default.tsx",
      () => import("./input-text-default.js"),
      "InputTextDefault",
    ),
    "textarea-default": variant(
      "site/modules/crm/input-textarea-default.tsx",
      () => import("./input-textarea-default.js"),
      "InputTextareaDefault",
    ),
    "number-default": variant(
      "site/modules/crm/input-number-default.tsx",
      () => import("./input-number-default.js"),
      "InputNumberDefault",
    ),
  },
};

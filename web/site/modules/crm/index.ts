import type { ModuleVariants } from "../../variant-types.js";
import { FormDefault } from "./form-default.js";
import { InputNumberDefault } from "./input-number-default.js";
import { InputTextDefault } from "./input-text-default.js";
import { InputTextareaDefault } from "./input-textarea-default.js";
import { CrmWidgetDefault } from "./widget-default.js";
import { FormListDefault } from "./widget-form-list-default.js";

/** The crm module's variants, by model then name. Adding a variant: one file plus one line here. */
export const variants: ModuleVariants = {
  "crm/widgets": { default: CrmWidgetDefault, "form-list-default": FormListDefault },
  "crm/forms": { default: FormDefault },
  "crm/inputs": {
    default: InputTextDefault,
    "text-default": InputTextDefault,
    "textarea-default": InputTextareaDefault,
    "number-default": InputNumberDefault,
  },
};

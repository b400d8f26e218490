import { TextWidgetDefault } from "../../render/text-widget.js";
import type { ModuleVariants } from "../../variant-types.js";
import { DummyPaymentDefault } from "./widget-dummy-payment-default.js";

/** The billing module's variants: its widget's default (texts) and the dummy provider's payment page. */
export const variants: ModuleVariants = {
  "billing/widgets": { default: TextWidgetDefault, "dummy-payment-default": DummyPaymentDefault },
};
